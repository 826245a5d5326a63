package dev.sqlexam.flink;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.evaluation.EvaluationStage;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.GeneratedTask;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Evaluates and repairs each question's candidates ({@link EvaluationStage}) on a pool of worker threads. A failure
 * here never loses the question: it goes on unevaluated, with the failure in its trace.
 */
public final class EvaluateCandidates extends RichAsyncFunction<GeneratedTask, GeneratedTask> {

    private final Variants<EvaluationSpec> specs;
    private transient PooledConnections connections;
    private transient ExecutorService workers;
    private transient List<SqlGenerator> generators;
    private transient Map<String, EvaluationStage> stages;

    public EvaluateCandidates(Variants<EvaluationSpec> specs) {
        this.specs = specs;
    }

    @Override
    public void open(OpenContext openContext) {
        EvaluationSpec shared = specs.reference();
        connections = new PooledConnections(shared.reader().url(), shared.reader().initSql(), true, shared.connections());
        workers = Workers.daemons("sqlexam-evaluate", shared.poolSize());
        generators = new ArrayList<>();
        stages = new HashMap<>();
        for (String variant : specs.names()) {
            EvaluationSpec spec = specs.get(variant);
            SqlGenerator generator = spec.generators() == null ? null : spec.generators().create();
            if (generator != null) generators.add(generator);
            stages.put(variant, new EvaluationStage(connections, spec.settings(), spec.repair(),
                    spec.generators() == null || spec.generators().settings() == null ? null : spec.generators().settings().prompt(),
                    generator, workers));
        }
    }

    @Override
    public void asyncInvoke(GeneratedTask task, ResultFuture<GeneratedTask> resultFuture) {
        stages.get(task.task().variant()).evaluate(task).whenComplete((evaluated, error) -> resultFuture.complete(List.of(error != null
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
        if (generators != null) generators.forEach(SqlGenerator::close);
    }
}
