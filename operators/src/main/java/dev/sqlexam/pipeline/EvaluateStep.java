package dev.sqlexam.pipeline;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.evaluation.QuestionEvaluation;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.GeneratedTask;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

/**
 * Evaluates and repairs each question's candidates ({@link QuestionEvaluation}) on a pool of worker
 * threads. A failure here never loses the question: it goes on unevaluated, with the failure in its
 * trace.
 */
public final class EvaluateStep implements Step<GeneratedTask, GeneratedTask> {

    private final PooledConnections connections;
    private final ExecutorService workers;
    private final List<SqlGenerator> generators = new ArrayList<>();
    private final Map<String, QuestionEvaluation> stages = new HashMap<>();

    public EvaluateStep(Variants<EvaluationSpec> specs) {
        EvaluationSpec shared = specs.reference();
        connections =
                new PooledConnections(
                        shared.reader().url(),
                        shared.reader().initSql(),
                        true,
                        shared.connections());
        // one per question in flight: a repair waits on the model on its worker
        workers = Workers.daemons("sqlexam-evaluate", shared.poolSize());
        for (String variant : specs.names()) {
            EvaluationSpec spec = specs.get(variant);
            SqlGenerator generator = spec.generators() == null ? null : spec.generators().create();
            if (generator != null) generators.add(generator);
            stages.put(
                    variant,
                    new QuestionEvaluation(
                            connections,
                            spec.settings(),
                            spec.repair(),
                            spec.generators() == null || spec.generators().settings() == null
                                    ? null
                                    : spec.generators().settings().prompt(),
                            generator,
                            workers));
        }
    }

    @Override
    public CompletableFuture<GeneratedTask> run(GeneratedTask task) {
        if (task.task().question().onSqlite())
            return CompletableFuture.completedFuture(QuestionEvaluation.notOnSqlite(task));
        CompletableFuture<GeneratedTask> evaluated;
        try {
            evaluated = stages.get(task.task().variant()).evaluate(task);
        } catch (RuntimeException e) {
            evaluated = CompletableFuture.failedFuture(e);
        }
        return evaluated.handle(
                (out, error) ->
                        error == null
                                ? out
                                : QuestionEvaluation.unevaluated(
                                        task,
                                        "evaluation failed, the first candidate runs unevaluated: "
                                                + error.getMessage()));
    }

    @Override
    public GeneratedTask timedOut(GeneratedTask task) {
        return QuestionEvaluation.unevaluated(
                task,
                "evaluation exceeded the async time limit; the first candidate runs unevaluated");
    }

    @Override
    public void close() {
        workers.shutdownNow();
        connections.close();
        generators.forEach(SqlGenerator::close);
    }
}
