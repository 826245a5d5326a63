package dev.sqlexam.grading;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.model.SuiteGrade;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Executes a question's gold queries and its chosen candidate (read-only), grades the candidate,
 * and writes the question's exam record with the trace of every stage.
 */
public final class QuestionGrading {

    private final Grader grader;
    private final boolean passAtK;
    private final GoldRunner goldRunner;
    private final PredictionRunner runner;
    private final ReadOnlyExecutor executor;
    private final OfficialRules officialRules;
    private java.nio.file.Path officialTestSuites;
    private SuiteVerification suites;

    /**
     * {@code candidateCache}: results of candidate SQL shared by the variants and runs of a
     * question and the files of a grade (null: every run executes its own). {@code
     * executionFallbacks}: how many next-ranked candidates may run when the chosen one fails as it
     * runs (0: none); {@code adaptiveTimeout}: each prediction's timeout from its gold's time
     * (null: the executor's timeout).
     */
    public QuestionGrading(
            ReadOnlyExecutor executor,
            Grader grader,
            QueryCache goldCache,
            QueryCache candidateCache,
            boolean passAtK,
            int executionFallbacks,
            AdaptiveTimeout adaptiveTimeout) {
        this.grader = grader;
        this.passAtK = passAtK;
        this.executor = executor;
        this.officialRules = new OfficialRules(executor, goldCache, candidateCache);
        this.goldRunner = new GoldRunner(executor, goldCache, adaptiveTimeout);
        this.runner =
                new PredictionRunner(
                        executor, grader, candidateCache, executionFallbacks, adaptiveTimeout);
    }

    /**
     * Also gives Spider's TS verdict: each Spider prediction run with its gold on every SQLite file
     * of its database's folder in {@code dir}, as test-suite-sql-eval does.
     */
    public QuestionGrading withOfficialTestSuites(java.nio.file.Path dir) {
        this.officialTestSuites = dir;
        return this;
    }

    /**
     * Grades predictions the exam database finds correct on {@code check}'s test suites too (null:
     * the exam database only).
     */
    public QuestionGrading withSuites(SuiteCheck check) {
        this.suites = check == null ? null : new SuiteVerification(check);
        return this;
    }

    /**
     * The chosen candidate as it ran (null outcome: nothing to run), after execution recovery when
     * that ran instead.
     */
    public record Prediction(Candidate chosen, QueryOutcome outcome, long ms, boolean recovered) {}

    /** A graded question: its exam record and its prediction's result. */
    public record Graded(ExamRecord record, Prediction prediction) {}

    /**
     * A question's gold outcomes in the order of {@link ExamQuestion#allGoldSql}, how many of them
     * ran for this record, and since when.
     */
    public record Golds(List<QueryOutcome> outcomes, int executed, long startNanos) {}

    /**
     * A question on its way through grading: its golds as they ran, the first stage the
     * infrastructure failed (null: none), and its trace so far.
     */
    private record Grading(
            GeneratedTask generated,
            List<Grader.GoldRun> golds,
            StageTrace upstreamFailure,
            List<StageTrace> trace) {

        QueryOutcome firstGold() {
            return golds.get(0).outcome();
        }
    }

    /**
     * The grade of a prediction, and whether BIRD's execution accuracy counts it (null: the first
     * gold failed).
     */
    private record Judgement(
            Grade grade, Boolean birdCorrect, Boolean spiderCorrect, Boolean spiderTsCorrect) {}

    public ExamRecord evaluate(GeneratedTask generated) {
        return grade(generated).record();
    }

    /**
     * The question's golds, each run here or taken from the cache (waiting for a run in progress).
     */
    public Golds golds(ExamQuestion q) {
        onItsEngine(q);
        return goldRunner.golds(q);
    }

    /**
     * The question's golds as {@link #golds} gives them, run on {@code threads}; a caller waits
     * without holding a thread.
     */
    public CompletableFuture<Golds> goldsAsync(ExamQuestion q, Executor threads) {
        onItsEngine(q);
        return goldRunner.goldsAsync(q, threads);
    }

    /**
     * A question on a SQLite file: its database is that file from now on (a name that is already
     * another file's is refused where the question is graded).
     */
    private void onItsEngine(ExamQuestion q) {
        if (q.onSqlite()) executor.registerSqlite(q.db(), java.nio.file.Path.of(q.dbFile()));
    }

    public Graded grade(GeneratedTask generated) {
        return grade(generated, golds(generated.task().question()));
    }

    /** Grades {@code generated} against its question's {@code gold} outcomes. */
    public Graded grade(GeneratedTask generated, Golds gold) {
        Grading grading = withGolds(generated, gold);
        Prediction run = predict(generated, grading.firstGold().elapsedMs(), grading.trace());
        Judgement judged = judge(grading, run);
        List<Boolean> candidateCorrect =
                passAtK && grading.firstGold().ok()
                        ? runner.gradeEveryCandidate(
                                generated, grading.golds(), judged.grade(), run.recovered())
                        : null;
        SuiteGrade verdict = suiteVerdict(grading, run, judged.grade());
        return new Graded(record(grading, gold, run, judged, candidateCorrect, verdict), run);
    }

    /**
     * The question's trace so far (a gold tables step's error first) with its golds' execution
     * appended.
     */
    private static Grading withGolds(GeneratedTask generated, Golds gold) {
        ExamQuestion q = generated.task().question();
        List<StageTrace> trace = new ArrayList<>(generated.trace());
        if (q.goldTablesError() != null) {
            trace.add(
                    0,
                    StageTrace.failed(
                            Stage.GOLD_TABLES,
                            ErrorClass.INFRA_FAILURE.code(),
                            null,
                            0,
                            q.goldTablesError()));
        }
        StageTrace upstreamFailure =
                trace.stream().filter(StageTrace::infraFailure).findFirst().orElse(null);
        List<String> goldSqls = q.allGoldSql();
        List<Grader.GoldRun> golds = new ArrayList<>();
        for (int i = 0; i < goldSqls.size(); i++) {
            String goldSql = goldSqls.get(i);
            golds.add(
                    new Grader.GoldRun(
                            goldSql,
                            OrderSpec.forGold(goldSql, q.orderMatters()),
                            gold.outcomes().get(i)));
        }
        trace.add(GradingTraces.goldExecution(golds, gold.startNanos()));
        return new Grading(generated, golds, upstreamFailure, trace);
    }

    /** Grades the prediction, traced as the grade stage. */
    private Judgement judge(Grading grading, Prediction run) {
        long start = System.nanoTime();
        Grade grade = gradeOf(grading, run);
        ExamQuestion q = grading.generated().task().question();
        String predicted = run.chosen() == null ? null : run.chosen().sql();
        Boolean birdCorrect =
                "bird".equals(q.benchmark())
                        ? (Boolean) OfficialRules.bird(grading.firstGold(), run.outcome())
                        : grading.firstGold().ok()
                                ? PredictionRunner.birdExecutionMatch(
                                        grading.golds(), run.outcome())
                                : null;
        // every question of a Spider set has Spider's verdict, as its evaluator counts every one:
        // where the rule has none (the gold fails, the infrastructure did) the question is wrong
        Boolean spiderCorrect =
                "spider".equals(q.benchmark())
                        ? grading.upstreamFailure() == null
                                && Boolean.TRUE.equals(
                                        officialRules.spider(
                                                q, predicted, grading.firstGold(), run.outcome()))
                        : null;
        grading.trace()
                .add(
                        StageTrace.ok(
                                Stage.GRADE,
                                GradingTraces.elapsedMs(start),
                                grade.reason().code()));
        Boolean spiderTsCorrect =
                spiderCorrect == null || officialTestSuites == null
                        ? null
                        : spiderCorrect
                                && officialRules.spiderOnTestSuite(
                                        q, predicted, officialTestSuites);
        return new Judgement(grade, birdCorrect, spiderCorrect, spiderTsCorrect);
    }

    /**
     * A stage that failed for the infrastructure (embedding, routing, retrieval, gold tables, the
     * model endpoint, evaluation) left the question without a fair run: never the model's failure.
     */
    private Grade gradeOf(Grading grading, Prediction run) {
        StageTrace upstreamFailure = grading.upstreamFailure();
        if (upstreamFailure != null) {
            return Grade.failure(
                    GradeReason.INFRA_FAILURE, GradingTraces.failedStage(upstreamFailure));
        }
        StageTrace missing = run.chosen() == null ? missingAnswer(grading.generated()) : null;
        if (missing != null && grading.firstGold().ok()) {
            return Grade.failure(GradeReason.MISSING, missing.detail());
        }
        return grader.grade(grading.golds(), run.outcome());
    }

    /** The predict stage that found no answer for the question (null: it did not say so). */
    private static StageTrace missingAnswer(GeneratedTask generated) {
        return generated.trace().stream()
                .filter(
                        t ->
                                t.is(Stage.PREDICT)
                                        && GradeReason.MISSING.code().equals(t.errorClass()))
                .findFirst()
                .orElse(null);
    }

    /**
     * The test suites' verdict on a prediction the exam database graded correct after a fair run
     * (null: no suites, or nothing for them to check).
     */
    private SuiteGrade suiteVerdict(Grading grading, Prediction run, Grade grade) {
        if (suites == null
                || grading.upstreamFailure() != null
                || !grade.lenientCorrect()
                || run.chosen() == null) return null;
        return suites.check(
                grading.generated().task().question(),
                run.chosen().sql(),
                grade,
                grader.matches(grading.golds(), run.outcome()),
                grading.trace());
    }

    private static ExamRecord record(
            Grading grading,
            Golds gold,
            Prediction run,
            Judgement judged,
            List<Boolean> candidateCorrect,
            SuiteGrade verdict) {
        GeneratedTask generated = grading.generated();
        StageTrace upstreamFailure = grading.upstreamFailure();
        Grade grade = judged.grade();
        Double softF1 =
                ExamRecordParts.softF1(upstreamFailure, grading.golds(), grade, run.outcome());
        QueryOutcome failing =
                ExamRecordParts.failingQuery(run.outcome(), grading.firstGold(), upstreamFailure);
        List<String> packetTables = ExamRecordParts.packetTables(generated, upstreamFailure);
        // the golds' own execution time, also when the result came from the cache
        long goldMs = grading.golds().stream().mapToLong(g -> g.outcome().elapsedMs()).sum();
        long totalMs = GradingTraces.totalMs(grading.trace());
        return new ExamRecord(
                ExamRecord.Asked.of(generated.task()),
                ExamRecordParts.answer(generated, run.chosen(), candidateCorrect),
                ExamRecordParts.grade(
                        grade,
                        judged.birdCorrect(),
                        judged.spiderCorrect(),
                        judged.spiderTsCorrect(),
                        softF1,
                        verdict),
                new ExamRecord.Timing(goldMs, run.ms(), totalMs, gold.executed()),
                ExamRecordParts.failure(
                        grade, failing, packetTables, generated, run.chosen(), verdict),
                ExamRecordParts.traces(generated, grading.trace()),
                generated.task().question().extrasJson());
    }

    /**
     * Runs the chosen candidate (not when evaluation blocked every one) and, when it fails as it
     * runs, the next-ranked ones execution recovery allows; appends the execute stages to {@code
     * trace}. A question without gold stops here.
     */
    public Prediction predict(GeneratedTask generated, long goldMs, List<StageTrace> trace) {
        return runner.predict(generated, goldMs, trace);
    }

    /**
     * The record of a question the harness could not finish (time limit, crashed stage): never a
     * model failure.
     */
    public static ExamRecord unfinished(GeneratedTask generated, Stage stage, String message) {
        return ExamRecordParts.unfinished(generated, stage, message);
    }

    public QueryCache goldCache() {
        return goldRunner.cache();
    }
}
