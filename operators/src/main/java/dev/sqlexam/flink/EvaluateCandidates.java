package dev.sqlexam.flink;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.evaluation.EvaluationStage;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.GeneratedTask;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Evaluates and repairs each question's candidates ({@link EvaluationStage}) on a pool of worker threads. A failure
 * here never loses the question: it goes on unevaluated, with the failure in its trace.
 */
public final class EvaluateCandidates extends RichAsyncFunction<GeneratedTask, GeneratedTask> {

    private final EvaluationSpec spec;
    private transient PooledConnections connections;
    private transient ExecutorService workers;
    private transient SqlGenerator generator;
    private transient EvaluationStage stage;

    public EvaluateCandidates(EvaluationSpec spec) {
        this.spec = spec;
    }

    @Override
    public void open(OpenContext openContext) {
        connections = new PooledConnections(spec.reader().url(), spec.reader().initSql(), true, spec.connections());
        workers = Executors.newFixedThreadPool(spec.poolSize(), r -> {
            Thread t = new Thread(r, "sqlexam-evaluate");
            t.setDaemon(true);
            return t;
        });
        generator = spec.generators() == null ? null : spec.generators().create();
        stage = new EvaluationStage(connections, spec.settings(), spec.repair(),
                spec.generators() == null || spec.generators().settings() == null ? null : spec.generators().settings().prompt(),
                generator, workers);
    }

    @Override
    public void asyncInvoke(GeneratedTask task, ResultFuture<GeneratedTask> resultFuture) {
        stage.evaluate(task).whenComplete((evaluated, error) -> resultFuture.complete(List.of(error != null
                ? EvaluationStage.unevaluated(task, "evaluation failed, the first candidate runs unevaluated: " + error.getMessage())
                : evaluated)));
    }

    @Override
    public void timeout(GeneratedTask task, ResultFuture<GeneratedTask> resultFuture) {
        resultFuture.complete(List.of(EvaluationStage.unevaluated(task,
                "evaluation exceeded the async time limit; the first candidate runs unevaluated")));
    }

    @Override
    public void close() {
        if (workers != null) workers.shutdownNow();
        if (connections != null) connections.close();
        if (generator != null) generator.close();
    }
}
