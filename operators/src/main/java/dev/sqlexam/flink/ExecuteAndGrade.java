package dev.sqlexam.flink;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.grading.QueryCache;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.GradingStage;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.sql.ReadOnlyExecutor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Runs gold and candidate SQL as the read-only role on a pool of worker threads (JDBC blocks) and
 * grades the result with the options of the task's variant. Runs after keyBy(question) so a question's gold result is
 * cached where every variant and run of it needs it again: the gold runs once per question, and each distinct candidate
 * SQL once.
 */
public final class ExecuteAndGrade extends RichAsyncFunction<GeneratedTask, ExamRecord> {

    private final Variants<ExecutionSpec> specs;
    private transient PooledConnections connections;
    private transient ExecutorService workers;
    private transient Map<String, GradingStage> stages;

    public ExecuteAndGrade(Variants<ExecutionSpec> specs) {
        this.specs = specs;
    }

    @Override
    public void open(OpenContext openContext) {
        ExecutionSpec shared = specs.reference();
        connections = new PooledConnections(shared.reader().url(), shared.reader().initSql(), true, shared.connections());
        workers = Workers.daemons("sqlexam-execute", shared.poolSize());
        ReadOnlyExecutor executor = new ReadOnlyExecutor(connections, shared.statementTimeoutMs(), shared.rowCap());
        QueryCache golds = new QueryCache(4_096, 20_000);
        QueryCache candidates = new QueryCache(16_384, 20_000);
        stages = new HashMap<>();
        for (String variant : specs.names()) {
            stages.put(variant, stage(specs.get(variant), executor, golds, candidates));
        }
    }

    /** One variant's grading over the executor and result caches its operator instance shares. */
    static GradingStage stage(ExecutionSpec spec, ReadOnlyExecutor executor, QueryCache golds, QueryCache candidates) {
        return new GradingStage(executor, new Grader(spec.tolerance()), golds, candidates, spec.passAtK(), spec.executionFallbacks(),
                spec.adaptiveTimeout());
    }

    @Override
    public void asyncInvoke(GeneratedTask task, ResultFuture<ExamRecord> resultFuture) {
        GradingStage stage = stages.get(task.task().variant());
        CompletableFuture.supplyAsync(() -> stage.evaluate(task), workers).whenComplete((record, error) -> {
            if (error != null) {
                String message = "grading crashed: " + error.getClass().getSimpleName() + ": " + error.getMessage();
                resultFuture.complete(List.of(GradingStage.unfinished(task, dev.sqlexam.model.Stage.EXECUTE, message)));
            } else {
                resultFuture.complete(List.of(record));
            }
        });
    }

    @Override
    public void timeout(GeneratedTask task, ResultFuture<ExamRecord> resultFuture) {
        resultFuture.complete(List.of(GradingStage.unfinished(task, dev.sqlexam.model.Stage.EXECUTE, "question exceeded the async time limit")));
    }

    @Override
    public void close() {
        if (workers != null) workers.shutdownNow();
        if (connections != null) connections.close();
    }
}
