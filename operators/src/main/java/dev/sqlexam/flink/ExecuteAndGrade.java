package dev.sqlexam.flink;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.grading.GoldCache;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.grading.GradingStage;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.sql.ReadOnlyExecutor;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Runs gold and candidate SQL as the read-only role on a pool of worker threads (JDBC blocks) and
 * grades the result. Runs after keyBy(question) so a question's gold result is cached where it is
 * needed again.
 */
public final class ExecuteAndGrade extends RichAsyncFunction<GeneratedTask, ExamRecord> {

    private final ExecutionSpec spec;
    private transient PooledConnections connections;
    private transient ExecutorService workers;
    private transient GradingStage stage;

    public ExecuteAndGrade(ExecutionSpec spec) {
        this.spec = spec;
    }

    @Override
    public void open(OpenContext openContext) {
        connections = new PooledConnections(spec.reader().url(), spec.reader().initSql(), true, spec.connections());
        workers = Executors.newFixedThreadPool(spec.poolSize(), r -> {
            Thread t = new Thread(r, "sqlexam-execute");
            t.setDaemon(true);
            return t;
        });
        ReadOnlyExecutor executor = new ReadOnlyExecutor(connections, spec.statementTimeoutMs(), spec.rowCap());
        stage = new GradingStage(executor, new Grader(spec.tolerance()), new GoldCache(4_096, 20_000), spec.passAtK(),
                spec.executionFallbacks(),
                spec.adaptiveTimeout());
    }

    @Override
    public void asyncInvoke(GeneratedTask task, ResultFuture<ExamRecord> resultFuture) {
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
