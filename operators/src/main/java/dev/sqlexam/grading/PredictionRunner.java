package dev.sqlexam.grading;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.repair.ExecutionRecovery;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs a question's chosen candidate, with execution recovery when it fails as it runs, and its
 * other candidates for pass@K.
 */
final class PredictionRunner {

    private static final String EVERY_CANDIDATE_BLOCKED = "not run: every candidate was blocked";

    private final ReadOnlyExecutor executor;
    private final Grader grader;
    private final QueryCache candidateCache;
    private final int executionFallbacks;
    private final AdaptiveTimeout adaptiveTimeout;

    /**
     * {@code candidateCache}: null when every run executes its own candidates; {@code
     * adaptiveTimeout}: null for the executor's timeout.
     */
    PredictionRunner(
            ReadOnlyExecutor executor,
            Grader grader,
            QueryCache candidateCache,
            int executionFallbacks,
            AdaptiveTimeout adaptiveTimeout) {
        this.executor = executor;
        this.grader = grader;
        this.candidateCache = candidateCache;
        this.executionFallbacks = executionFallbacks;
        this.adaptiveTimeout = adaptiveTimeout;
    }

    /** See {@link QuestionGrading#predict}. */
    QuestionGrading.Prediction predict(
            GeneratedTask generated, long goldMs, List<StageTrace> trace) {
        Candidate chosen = generated.candidates().isEmpty() ? null : generated.candidates().get(0);
        if (chosen == null) return new QuestionGrading.Prediction(null, null, 0, false);
        boolean allBlocked =
                generated.evaluation() != null && generated.evaluation().chosenIndex() == null;
        if (allBlocked) return blocked(generated, chosen, trace);
        String db = generated.task().question().db();
        QueryOutcome prediction = runPrediction(db, chosen.sql(), goldMs);
        trace.add(GradingTraces.execution(prediction));
        QuestionGrading.Prediction ran =
                new QuestionGrading.Prediction(chosen, prediction, prediction.elapsedMs(), false);
        if (executionFallbacks > 0 && ExecutionRecovery.recoverable(prediction)) {
            return recover(generated, ran, trace);
        }
        return ran;
    }

    /** The chosen candidate, not run: evaluation blocked every candidate. */
    private static QuestionGrading.Prediction blocked(
            GeneratedTask generated, Candidate chosen, List<StageTrace> trace) {
        String reason = generated.evaluation().candidates().get(0).blockReason();
        QueryOutcome prediction =
                QueryOutcome.failure(
                        null,
                        ErrorClass.VALIDATION_BLOCK,
                        "blocked: " + reason + " (" + EVERY_CANDIDATE_BLOCKED + ")",
                        0);
        trace.add(
                StageTrace.failed(
                        Stage.EXECUTE,
                        GradingTraces.errorCode(prediction),
                        null,
                        0,
                        EVERY_CANDIDATE_BLOCKED));
        return new QuestionGrading.Prediction(chosen, prediction, 0, false);
    }

    /**
     * The next-ranked candidates execution recovery allows after {@code failed}, traced; the first
     * that runs replaces the chosen one's SQL (its time added to the prediction's).
     */
    private QuestionGrading.Prediction recover(
            GeneratedTask generated, QuestionGrading.Prediction failed, List<StageTrace> trace) {
        String db = generated.task().question().db();
        Candidate chosen = failed.chosen();
        ExecutionRecovery.Result recovery =
                ExecutionRecovery.recover(
                        chosen.sql(),
                        failed.outcome(),
                        generated.evaluation(),
                        executionFallbacks,
                        sql -> executor.execute(db, sql));
        for (ExecutionRecovery.Attempt attempt : recovery.attempts()) {
            trace.add(GradingTraces.recoveryAttempt(attempt));
        }
        if (!recovery.recovered()) return failed;
        Candidate ranInstead =
                new Candidate(
                        chosen.index(), recovery.sql(), chosen.generator(), chosen.latencyMs());
        QueryOutcome outcome = recovery.outcome();
        return new QuestionGrading.Prediction(
                ranInstead, outcome, failed.ms() + outcome.elapsedMs(), true);
    }

    private QueryOutcome runPrediction(String db, String sql, long goldMs) {
        if (adaptiveTimeout == null) return runCandidate(db, sql);
        long timeoutMs = adaptiveTimeout.forPrediction(goldMs);
        // the files of a grade share their question's gold, so its timeout: the same SQL runs once
        // for them all; the time limit is part of the key, as an outcome depends on it
        return candidateCache == null
                ? executor.execute(db, sql, timeoutMs)
                : candidateCache.get(
                        db + " within " + timeoutMs + " ms",
                        sql,
                        () -> executor.execute(db, sql, timeoutMs));
    }

    private QueryOutcome runCandidate(String db, String sql) {
        return candidateCache == null
                ? executor.execute(db, sql)
                : candidateCache.get(db, sql, () -> executor.execute(db, sql));
    }

    /**
     * pass@K: every candidate as the generator wrote it, run and graded (blocked ones are wrong
     * without running); the chosen one reuses its grade when it ran unchanged.
     */
    List<Boolean> gradeEveryCandidate(
            GeneratedTask generated,
            List<Grader.GoldRun> golds,
            Grade chosenGrade,
            boolean recovered) {
        String db = generated.task().question().db();
        EvaluationTrace evaluation = generated.evaluation();
        boolean repaired =
                recovered
                        || evaluation != null
                                && evaluation.repair() != null
                                && evaluation.repair().repaired();
        List<String> sqls = ExamRecordParts.generatedSql(generated);
        List<Boolean> correct = new ArrayList<>();
        for (int i = 0; i < sqls.size(); i++) {
            boolean chosen =
                    evaluation == null
                            ? i == 0
                            : evaluation.chosenIndex() != null && evaluation.chosenIndex() == i;
            if (chosen && !repaired) {
                correct.add(chosenGrade.correct());
            } else if (evaluation != null && evaluation.candidates().get(i).blocked()) {
                correct.add(false);
            } else {
                correct.add(grader.grade(golds, runCandidate(db, sqls.get(i))).correct());
            }
        }
        return correct;
    }

    /**
     * BIRD's execution accuracy: the two results as sets of rows (duplicates and order ignored,
     * column order kept).
     */
    static boolean birdExecutionMatch(List<Grader.GoldRun> golds, QueryOutcome prediction) {
        if (prediction == null || !prediction.ok()) return false;
        for (Grader.GoldRun g : golds) {
            if (g.outcome().ok()
                    && ResultComparator.sameRowSet(g.outcome().result(), prediction.result()))
                return true;
        }
        return false;
    }
}
