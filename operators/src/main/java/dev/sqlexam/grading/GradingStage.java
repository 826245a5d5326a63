package dev.sqlexam.grading;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.repair.ExecutionRecovery;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.util.ArrayList;
import java.util.List;

/**
 * Executes a question's gold queries and its chosen candidate (read-only), grades the candidate,
 * and writes the question's exam record with the trace of every stage.
 */
public final class GradingStage {

    private static final String INFRA = dev.sqlexam.model.ErrorClass.INFRA_FAILURE.code();

    private final ReadOnlyExecutor executor;
    private final Grader grader;
    private final QueryCache goldCache;
    private final QueryCache candidateCache;
    private final boolean passAtK;
    private final int executionFallbacks;
    private final AdaptiveTimeout adaptiveTimeout;
    private SuiteCheck suites;

    /**
     * {@code executionFallbacks}: how many next-ranked candidates may run when the chosen one fails
     * as it runs (0: none); {@code adaptiveTimeout}: each prediction's timeout from its gold's time
     * (null: the executor's timeout).
     */
    /**
     * {@code candidateCache}: results of candidate SQL shared by the variants and runs of a
     * question (null: every run executes its own); used only under the statement timeout, as a
     * per-prediction timeout differs between them.
     */
    public GradingStage(
            ReadOnlyExecutor executor,
            Grader grader,
            QueryCache goldCache,
            QueryCache candidateCache,
            boolean passAtK,
            int executionFallbacks,
            AdaptiveTimeout adaptiveTimeout) {
        this.executor = executor;
        this.grader = grader;
        this.goldCache = goldCache;
        this.candidateCache = adaptiveTimeout == null ? candidateCache : null;
        this.passAtK = passAtK;
        this.executionFallbacks = executionFallbacks;
        this.adaptiveTimeout = adaptiveTimeout;
    }

    /**
     * Grades predictions the exam database finds correct on {@code check}'s test suites too (null:
     * the exam database only).
     */
    public GradingStage withSuites(SuiteCheck check) {
        this.suites = check;
        return this;
    }

    /**
     * The chosen candidate as it ran (null outcome: nothing to run), after execution recovery when
     * that ran instead.
     */
    public record Prediction(Candidate chosen, QueryOutcome outcome, long ms, boolean recovered) {}

    /** A graded question: its exam record and its prediction's result. */
    public record Graded(ExamRecord record, Prediction prediction) {}

    public ExamRecord evaluate(GeneratedTask generated) {
        return grade(generated).record();
    }

    /**
     * A question's gold outcomes in the order of {@link ExamQuestion#allGoldSql}, how many of them
     * ran for this record, and since when.
     */
    public record Golds(List<QueryOutcome> outcomes, int executed, long startNanos) {}

    /**
     * The question's golds, each run here or taken from the cache (waiting for a run in progress).
     */
    public Golds golds(ExamQuestion q) {
        long start = System.nanoTime();
        java.util.concurrent.atomic.AtomicInteger executed =
                new java.util.concurrent.atomic.AtomicInteger();
        List<QueryOutcome> outcomes = new ArrayList<>();
        for (String goldSql : q.allGoldSql()) {
            outcomes.add(
                    goldCache.get(
                            q.db(),
                            goldSql,
                            () -> {
                                executed.incrementAndGet();
                                return runGold(q.db(), goldSql);
                            }));
        }
        return new Golds(outcomes, executed.get(), start);
    }

    /**
     * The question's golds as {@link #golds} gives them, run on {@code executor}; a caller waits
     * without holding a thread.
     */
    public java.util.concurrent.CompletableFuture<Golds> goldsAsync(
            ExamQuestion q, java.util.concurrent.Executor executor) {
        long start = System.nanoTime();
        List<QueryCache.Fetch> fetches = new ArrayList<>();
        for (String goldSql : q.allGoldSql())
            fetches.add(
                    goldCache.getAsync(q.db(), goldSql, () -> runGold(q.db(), goldSql), executor));
        return java.util.concurrent.CompletableFuture.allOf(
                        fetches.stream()
                                .map(QueryCache.Fetch::outcome)
                                .toArray(java.util.concurrent.CompletableFuture[]::new))
                .thenApply(
                        done ->
                                new Golds(
                                        fetches.stream().map(f -> f.outcome().join()).toList(),
                                        (int)
                                                fetches.stream()
                                                        .filter(QueryCache.Fetch::runsIt)
                                                        .count(),
                                        start));
    }

    public Graded grade(GeneratedTask generated) {
        return grade(generated, golds(generated.task().question()));
    }

    /** Grades {@code generated} against its question's {@code gold} outcomes. */
    public Graded grade(GeneratedTask generated, Golds gold) {
        ExamTask task = generated.task();
        ExamQuestion q = task.question();
        List<StageTrace> trace = new ArrayList<>(generated.trace());
        if (q.goldTablesError() != null)
            trace.add(0, StageTrace.failed(Stage.GOLD_TABLES, INFRA, null, 0, q.goldTablesError()));
        StageTrace upstreamFailure =
                trace.stream().filter(StageTrace::infraFailure).findFirst().orElse(null);

        long goldStart = gold.startNanos();
        List<Grader.GoldRun> golds = new ArrayList<>();
        int goldExecuted = gold.executed();
        List<String> goldSqls = q.allGoldSql();
        for (int i = 0; i < goldSqls.size(); i++) {
            golds.add(
                    new Grader.GoldRun(
                            goldSqls.get(i),
                            OrderSpec.forGold(goldSqls.get(i), q.orderMatters()),
                            gold.outcomes().get(i)));
        }
        // the golds' own execution time, also when the result came from the cache
        long goldMs = golds.stream().mapToLong(g -> g.outcome().elapsedMs()).sum();
        QueryOutcome firstGold = golds.get(0).outcome();
        trace.add(
                firstGold.ok()
                        ? StageTrace.ok(
                                Stage.EXECUTE_GOLD,
                                elapsedMs(goldStart),
                                golds.size() + " gold quer" + (golds.size() == 1 ? "y" : "ies"))
                        : StageTrace.failed(
                                Stage.EXECUTE_GOLD,
                                code(firstGold),
                                firstGold.sqlstate(),
                                elapsedMs(goldStart),
                                firstGold.error()));

        Prediction run = predict(generated, firstGold.elapsedMs(), trace);
        Candidate chosen = run.chosen();
        QueryOutcome prediction = run.outcome();
        long predMs = run.ms();
        boolean recovered = run.recovered();

        long gradeStart = System.nanoTime();
        StageTrace missing =
                chosen != null
                        ? null
                        : generated.trace().stream()
                                .filter(
                                        t ->
                                                t.is(dev.sqlexam.model.Stage.PREDICT)
                                                        && GradeReason.MISSING
                                                                .code()
                                                                .equals(t.errorClass()))
                                .findFirst()
                                .orElse(null);
        // a stage that failed for the infrastructure (embedding, routing, retrieval, gold tables,
        // the model endpoint,
        // evaluation) left the question without a fair run: never the model's failure
        Grade grade =
                upstreamFailure != null
                        ? Grade.failure(
                                GradeReason.INFRA_FAILURE,
                                upstreamFailure.stage() + " failed: " + upstreamFailure.detail())
                        : missing != null && firstGold.ok()
                                ? Grade.failure(GradeReason.MISSING, missing.detail())
                                : grader.grade(golds, prediction);
        Boolean birdCorrect = firstGold.ok() ? birdExecutionMatch(golds, prediction) : null;
        trace.add(StageTrace.ok(Stage.GRADE, elapsedMs(gradeStart), grade.reason().code()));

        List<Boolean> candidateCorrect =
                passAtK && firstGold.ok()
                        ? gradeEveryCandidate(generated, golds, grade, recovered)
                        : null;
        QueryOutcome failing =
                prediction != null && !prediction.ok()
                        ? prediction
                        : (!firstGold.ok() ? firstGold : null);
        if (upstreamFailure != null
                && (failing == null
                        || failing.errorClass() != dev.sqlexam.model.ErrorClass.INFRA_FAILURE)) {
            failing =
                    QueryOutcome.failure(
                            null,
                            dev.sqlexam.model.ErrorClass.INFRA_FAILURE,
                            upstreamFailure.stage() + " failed: " + upstreamFailure.detail(),
                            0);
        }
        SuiteGrade verdict =
                suites != null
                                && upstreamFailure == null
                                && grade.lenientCorrect()
                                && chosen != null
                        ? checkOnSuites(
                                q, chosen.sql(), grade, grader.matches(golds, prediction), trace)
                        : null;
        long totalMs = trace.stream().mapToLong(StageTrace::durationMs).sum();
        // a packet left empty by a failed stage says nothing about retrieval's recall
        List<String> packetTables =
                generated.packet() == null || upstreamFailure != null
                        ? null
                        : generated.packet().tableNames();
        ExamRecord.Failure failed = failureOf(grade, failing, packetTables, generated, chosen);
        if (verdict != null && verdict.overturned()) {
            failed =
                    new ExamRecord.Failure(
                            verdict.kind(),
                            null,
                            verdict.detail(),
                            GradeReason.SUITE_MISMATCH.code(),
                            verdict.kind() + " on " + verdict.database() + ": " + verdict.detail(),
                            failed.goldTablesRetrieved());
        }
        Double softF1 =
                upstreamFailure != null || !firstGold.ok() || grade.reason().excludedFromAccuracy()
                        ? null
                        : prediction == null || !prediction.ok()
                                ? 0.0
                                : SoftF1.score(referenceResult(golds, grade), prediction.result());
        ExamRecord.Grade graded =
                new ExamRecord.Grade(
                        grade.correct(),
                        grade.reason().code(),
                        grade.lenientCorrect(),
                        grade.lenientReason().code(),
                        birdCorrect,
                        grade.matchedGold(),
                        grade.orderMatters(),
                        grade.goldRows(),
                        grade.predRows(),
                        grade.detail(),
                        softF1,
                        null);
        if (verdict != null) graded = graded.withSuite(verdict);
        return new Graded(
                new ExamRecord(
                        asked(task),
                        answer(generated, chosen, candidateCorrect),
                        graded,
                        new ExamRecord.Timing(goldMs, predMs, totalMs, goldExecuted),
                        failed,
                        traces(generated, trace),
                        q.extrasJson()),
                run);
    }

    /**
     * The test suites' verdict on a prediction the exam database graded correct (null: its database
     * has none), traced.
     */
    private SuiteGrade checkOnSuites(
            ExamQuestion q,
            String sql,
            Grade grade,
            Grader.GoldMatches matched,
            List<StageTrace> trace) {
        long start = System.nanoTime();
        SuiteGrade verdict =
                suites.check(
                        q,
                        sql,
                        new SuiteCheck.ExamRecordGrade(
                                grade.correct(),
                                grade.reason().code(),
                                grade.lenientCorrect(),
                                matched.strict(),
                                matched.lenient()));
        if (verdict == null) return null;
        trace.add(
                verdict.unchecked()
                        ? StageTrace.ok(
                                Stage.GRADE_SUITE,
                                elapsedMs(start),
                                SuiteGrade.UNCHECKED
                                        + ": no suite database where its gold is defined; the exam database's verdict stands")
                        : verdict.correct()
                                ? StageTrace.ok(
                                        Stage.GRADE_SUITE,
                                        elapsedMs(start),
                                        verdict.checked() + " suite database(s) agree")
                                : StageTrace.failed(
                                        Stage.GRADE_SUITE,
                                        GradeReason.SUITE_MISMATCH.code(),
                                        null,
                                        elapsedMs(start),
                                        verdict.kind()
                                                + " on "
                                                + verdict.database()
                                                + ": "
                                                + verdict.detail()));
        return verdict;
    }

    /** The result Soft-F1 compares with: the gold that matched, else the first that ran. */
    private static dev.sqlexam.sql.QueryResult referenceResult(
            List<Grader.GoldRun> golds, Grade grade) {
        if (grade.matchedGold() >= 0 && golds.get(grade.matchedGold()).outcome().ok())
            return golds.get(grade.matchedGold()).outcome().result();
        return golds.stream()
                .filter(g -> g.outcome().ok())
                .findFirst()
                .orElseThrow()
                .outcome()
                .result();
    }

    /**
     * The failing query's error (the prediction's, else the gold's) and the failure category of the
     * grade.
     */
    private static ExamRecord.Failure failureOf(
            Grade grade,
            QueryOutcome failing,
            List<String> packetTables,
            GeneratedTask generated,
            Candidate chosen) {
        ExamQuestion q = generated.task().question();
        FailureClassifier.Failure failure =
                FailureClassifier.classify(
                        grade.correct(),
                        grade.reason().code(),
                        failing == null ? null : code(failing),
                        packetTables,
                        q.goldTables(),
                        generated.evaluation(),
                        chosen == null ? null : chosen.sql(),
                        q.goldSql());
        return new ExamRecord.Failure(
                failing == null ? null : code(failing),
                failing == null ? null : failing.sqlstate(),
                failing == null ? null : failing.error(),
                failure == null ? null : failure.type(),
                failure == null ? null : failure.details(),
                FailureClassifier.goldTablesRetrieved(packetTables, q.goldTables()));
    }

    private static ExamRecord.Asked asked(ExamTask task) {
        ExamQuestion q = task.question();
        return new ExamRecord.Asked(
                task.runId(),
                task.variant(),
                task.repetition(),
                q.id(),
                q.lineNumber(),
                q.db(),
                q.question(),
                q.difficulty(),
                q.module(),
                q.category(),
                q.goldSql());
    }

    private static ExamRecord.Answer answer(
            GeneratedTask generated, Candidate chosen, List<Boolean> candidateCorrect) {
        return new ExamRecord.Answer(
                generated.generator(),
                chosen == null ? null : chosen.sql(),
                generatedSql(generated),
                candidateCorrect);
    }

    private static ExamRecord.Traces traces(GeneratedTask generated, List<StageTrace> trace) {
        return new ExamRecord.Traces(
                trace, generated.retrieval(), generated.generation(), generated.evaluation());
    }

    /**
     * Runs the chosen candidate (not when evaluation blocked every one) and, when it fails as it
     * runs, the next-ranked ones execution recovery allows; appends the execute stages to {@code
     * trace}. A question without gold stops here.
     */
    public Prediction predict(GeneratedTask generated, long goldMs, List<StageTrace> trace) {
        String db = generated.task().question().db();
        Candidate chosen = generated.candidates().isEmpty() ? null : generated.candidates().get(0);
        QueryOutcome prediction = null;
        long predMs = 0;
        boolean recovered = false;
        boolean allBlocked =
                generated.evaluation() != null && generated.evaluation().chosenIndex() == null;
        if (chosen != null && allBlocked) {
            String reason = generated.evaluation().candidates().get(0).blockReason();
            prediction =
                    QueryOutcome.failure(
                            null,
                            dev.sqlexam.model.ErrorClass.VALIDATION_BLOCK,
                            "blocked: " + reason + " (not run: every candidate was blocked)",
                            0);
            trace.add(
                    StageTrace.failed(
                            Stage.EXECUTE,
                            code(prediction),
                            null,
                            0,
                            "not run: every candidate was blocked"));
        } else if (chosen != null) {
            prediction = runPrediction(db, chosen.sql(), goldMs);
            predMs = prediction.elapsedMs();
            trace.add(
                    prediction.ok()
                            ? StageTrace.ok(
                                    Stage.EXECUTE, predMs, prediction.result().rowCount() + " rows")
                            : StageTrace.failed(
                                    Stage.EXECUTE,
                                    code(prediction),
                                    prediction.sqlstate(),
                                    predMs,
                                    prediction.error()));
            if (executionFallbacks > 0 && ExecutionRecovery.recoverable(prediction)) {
                ExecutionRecovery.Result recovery =
                        ExecutionRecovery.recover(
                                chosen.sql(),
                                prediction,
                                generated.evaluation(),
                                executionFallbacks,
                                sql -> executor.execute(db, sql));
                for (ExecutionRecovery.Attempt a : recovery.attempts()) {
                    trace.add(
                            a.ok()
                                    ? StageTrace.ok(
                                            Stage.EXECUTE_RECOVERY,
                                            0,
                                            a.method() + ": ran instead: " + a.sql())
                                    : StageTrace.failed(
                                            Stage.EXECUTE_RECOVERY,
                                            null,
                                            a.sqlstate(),
                                            0,
                                            a.method() + ": " + a.error()));
                }
                if (recovery.recovered()) {
                    recovered = true;
                    chosen =
                            new Candidate(
                                    chosen.index(),
                                    recovery.sql(),
                                    chosen.generator(),
                                    chosen.latencyMs());
                    prediction = recovery.outcome();
                    predMs += prediction.elapsedMs();
                }
            }
        }
        return new Prediction(chosen, prediction, predMs, recovered);
    }

    /**
     * The record of a question the harness could not finish (time limit, crashed stage): never a
     * model failure.
     */
    public static ExamRecord unfinished(
            GeneratedTask generated, dev.sqlexam.model.Stage stage, String message) {
        ExamTask task = generated.task();
        ExamQuestion q = task.question();
        List<StageTrace> trace = new ArrayList<>(generated.trace());
        trace.add(StageTrace.infraFailure(stage, 0, message));
        String reason = dev.sqlexam.model.GradeReason.INFRA_FAILURE.code();
        Candidate chosen = generated.candidates().isEmpty() ? null : generated.candidates().get(0);
        return new ExamRecord(
                asked(task),
                answer(generated, chosen, null),
                ExamRecord.Grade.notGraded(reason, message),
                new ExamRecord.Timing(
                        0, 0, trace.stream().mapToLong(StageTrace::durationMs).sum(), 0),
                new ExamRecord.Failure(INFRA, null, message, INFRA, message, null),
                traces(generated, trace),
                q.extrasJson());
    }

    private QueryOutcome runGold(String db, String sql) {
        return adaptiveTimeout == null
                ? executor.execute(db, sql)
                : executor.execute(db, sql, adaptiveTimeout.baseMs());
    }

    private QueryOutcome runPrediction(String db, String sql, long goldMs) {
        return adaptiveTimeout == null
                ? runCandidate(db, sql)
                : executor.execute(db, sql, adaptiveTimeout.forPrediction(goldMs));
    }

    private QueryOutcome runCandidate(String db, String sql) {
        return candidateCache == null
                ? executor.execute(db, sql)
                : candidateCache.get(db, sql, () -> executor.execute(db, sql));
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

    /**
     * pass@K: every candidate as the generator wrote it, run and graded (blocked ones are wrong
     * without running); the chosen one reuses its grade when it ran unchanged.
     */
    private List<Boolean> gradeEveryCandidate(
            GeneratedTask generated,
            List<Grader.GoldRun> golds,
            Grade chosenGrade,
            boolean recovered) {
        ExamQuestion q = generated.task().question();
        List<Boolean> out = new ArrayList<>();
        var evaluation = generated.evaluation();
        boolean repaired =
                recovered
                        || evaluation != null
                                && evaluation.repair() != null
                                && evaluation.repair().repaired();
        List<String> sqls = generatedSql(generated);
        for (int i = 0; i < sqls.size(); i++) {
            boolean chosen =
                    evaluation == null
                            ? i == 0
                            : evaluation.chosenIndex() != null && evaluation.chosenIndex() == i;
            if (chosen && !repaired) {
                out.add(chosenGrade.correct());
            } else if (evaluation != null && evaluation.candidates().get(i).blocked()) {
                out.add(false);
            } else {
                out.add(grader.grade(golds, runCandidate(q.db(), sqls.get(i))).correct());
            }
        }
        return out;
    }

    /**
     * The candidates as the generator wrote them, in its order (evaluation reorders them and adds
     * LIMIT to the chosen one).
     */
    private static List<String> generatedSql(GeneratedTask generated) {
        if (generated.evaluation() != null) {
            return generated.evaluation().candidates().stream()
                    .map(dev.sqlexam.model.EvaluationTrace.CandidateEvaluation::sql)
                    .toList();
        }
        return generated.candidates().stream().map(Candidate::sql).toList();
    }

    private static String code(QueryOutcome outcome) {
        return outcome.errorClass() == null ? null : outcome.errorClass().code();
    }

    private static long elapsedMs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    public QueryCache goldCache() {
        return goldCache;
    }
}
