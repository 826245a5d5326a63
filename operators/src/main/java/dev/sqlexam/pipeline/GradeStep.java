package dev.sqlexam.pipeline;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.QueryCache;
import dev.sqlexam.grading.QuestionGrading;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.Stage;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

/**
 * Runs gold and candidate SQL as the read-only role on a pool of worker threads (JDBC blocks) and
 * grades the result with the options of the task's variant. The gold results are cached where every
 * variant and run of a question needs them again (the Flink graph keys this step by question): the
 * gold runs once per question, each distinct candidate SQL once.
 */
public final class GradeStep implements Step<GeneratedTask, ExamRecord> {

    /** How many results the step keeps: gold queries and candidate queries. */
    public record CacheSizes(int golds, int candidates) {
        public static final CacheSizes JOB = new CacheSizes(4_096, 16_384);
        public static final CacheSizes ONE_QUESTION = new CacheSizes(64, 64);
    }

    private static final int CACHED_RESULT_MAX_ROWS = 20_000;

    private final PooledConnections connections;
    private final ExecutorService workers;
    private final ReadOnlyExecutor executor;
    private final QueryCache golds;
    private final Map<String, QuestionGrading> stages = new HashMap<>();
    private final PooledConnections suiteConnections;
    private final ReadOnlyExecutor suiteExecutor;
    private final dev.sqlexam.suite.Witness witness;

    /** One step in the process (no other subtask of the job grades beside it). */
    public GradeStep(Variants<ExecutionSpec> specs, CacheSizes caches) {
        this(specs, caches, 1);
    }

    /** One of {@code subtasks} steps of a job grading at once in this process. */
    public GradeStep(Variants<ExecutionSpec> specs, CacheSizes caches, int subtasks) {
        ExecutionSpec shared = specs.reference();
        connections =
                new PooledConnections(
                        shared.reader().url(),
                        shared.reader().initSql(),
                        true,
                        shared.connections());
        workers =
                Workers.daemons(
                        "sqlexam-execute",
                        shared.connections()
                                .workers(shared.poolSize(), shared.reader().url(), subtasks));
        executor =
                new ReadOnlyExecutor(
                        connections,
                        shared.limits().statementTimeoutMs(),
                        shared.limits().rowCap());
        golds = new QueryCache(caches.golds(), CACHED_RESULT_MAX_ROWS);
        var suites = shared.suites();
        suiteConnections =
                suites == null
                        ? null
                        : new PooledConnections(
                                suites.reader().url(),
                                suites.reader().initSql(),
                                true,
                                suites.connections());
        suiteExecutor =
                suites == null
                        ? null
                        : new ReadOnlyExecutor(
                                suiteConnections,
                                shared.limits().statementTimeoutMs(),
                                shared.limits().rowCap());
        witness =
                suites == null
                        ? null
                        : new dev.sqlexam.suite.Witness(
                                suites.admin(),
                                suiteExecutor,
                                suiteConnections,
                                suites.witnessMs());
        QueryCache candidates = new QueryCache(caches.candidates(), CACHED_RESULT_MAX_ROWS);
        for (String variant : specs.names())
            stages.put(
                    variant,
                    stage(
                            specs.get(variant),
                            candidates,
                            specs.get(variant).passAtK(),
                            specs.get(variant).executionFallbacks()));
    }

    /** The grading of {@code variant}'s tasks. */
    public QuestionGrading stage(String variant) {
        return stages.get(variant);
    }

    /**
     * {@code spec}'s grading of one given SQL as {@code grade} grades a predictions file: no
     * pass@k, no execution fallbacks.
     */
    public QuestionGrading asPredictionsFile(ExecutionSpec spec) {
        return stage(spec, null, false, 0);
    }

    private QuestionGrading stage(
            ExecutionSpec spec, QueryCache candidates, boolean passAtK, int executionFallbacks) {
        Grader grader = new Grader(spec.grading());
        QuestionGrading stage =
                new QuestionGrading(
                        executor,
                        grader,
                        golds,
                        candidates,
                        passAtK,
                        executionFallbacks,
                        spec.limits().adaptiveTimeout());
        if (spec.officialTestSuites() != null)
            stage.withOfficialTestSuites(java.nio.file.Path.of(spec.officialTestSuites()));
        return spec.suites() == null
                ? stage
                : stage.withSuites(
                        new dev.sqlexam.suite.SuiteGrading(
                                spec.suites(), suiteExecutor, golds, grader, witness));
    }

    @Override
    public CompletableFuture<ExamRecord> run(GeneratedTask task) {
        QuestionGrading stage = stages.get(task.task().variant());
        // the golds first, without a worker waiting for them: a question's variants and files
        // arrive together and share them
        CompletableFuture<QuestionGrading.Golds> golds =
                stage.goldsAsync(task.task().question(), workers);
        // a task without SQL (a predictions file's missing answer, a failed generation) runs no
        // query: it is graded where its golds complete, not handed to a worker
        CompletableFuture<ExamRecord> graded =
                task.candidates().isEmpty()
                        ? golds.thenApply(g -> stage.grade(task, g).record())
                        : golds.thenApplyAsync(g -> stage.grade(task, g).record(), workers);
        return graded.handle((record, error) -> error == null ? record : crashed(task, error));
    }

    private static ExamRecord crashed(GeneratedTask task, Throwable error) {
        Throwable cause =
                error instanceof java.util.concurrent.CompletionException
                                && error.getCause() != null
                        ? error.getCause()
                        : error;
        return QuestionGrading.unfinished(
                task,
                Stage.EXECUTE,
                "grading crashed: " + cause.getClass().getSimpleName() + ": " + cause.getMessage());
    }

    @Override
    public ExamRecord timedOut(GeneratedTask task) {
        return QuestionGrading.unfinished(
                task, Stage.EXECUTE, "question exceeded the async time limit");
    }

    @Override
    public void close() {
        workers.shutdownNow();
        connections.close();
        executor.closeSqlite();
        if (suiteConnections != null) suiteConnections.close();
        if (witness != null) witness.close();
    }
}
