package dev.sqlexam.pipeline;

import dev.sqlexam.llm.Generation;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.GenerationTrace;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

/**
 * Asks the task's generator for its SQL candidates. A failing or slow generator yields a task with
 * no candidates and the failure in its trace (an infrastructure failure, never the model's), never
 * a failed job.
 */
public final class GenerateStep implements Step<RetrievalTask, GeneratedTask> {

    private final Variants<Generators> generators;
    private final Map<String, SqlGenerator> byVariant = new HashMap<>();

    /**
     * Prompts are written (schema linking, glosses, join hints) here rather than on the operator's
     * own thread, which also embeds and routes the next questions: with a slow endpoint a request
     * goes out as soon as its prompt is ready.
     */
    private final ExecutorService prompts =
            Workers.daemons(
                    "sqlexam-prompt", Math.max(1, Runtime.getRuntime().availableProcessors()));

    public GenerateStep(Variants<Generators> generators) {
        this.generators = generators;
        for (String variant : generators.names())
            byVariant.put(variant, generators.get(variant).create());
    }

    @Override
    public CompletableFuture<GeneratedTask> run(RetrievalTask retrieved) {
        long start = System.nanoTime();
        String generatorName = generators.of(retrieved.task()).name();
        SqlGenerator generator = byVariant.get(retrieved.task().variant());
        CompletableFuture<Generation> generation;
        try {
            generation =
                    CompletableFuture.supplyAsync(
                                    () ->
                                            generator.generate(
                                                    new SqlGenerator.Request(
                                                            retrieved.task(),
                                                            retrieved.packet(),
                                                            retrieved.plan())),
                                    prompts)
                            .thenCompose(f -> f);
        } catch (RuntimeException e) {
            generation = CompletableFuture.failedFuture(e);
        }
        return generation.handle(
                (g, error) -> {
                    long ms = (System.nanoTime() - start) / 1_000_000;
                    if (error != null) {
                        Throwable cause =
                                error instanceof java.util.concurrent.CompletionException
                                                && error.getCause() != null
                                        ? error.getCause()
                                        : error;
                        return generated(
                                retrieved,
                                List.of(),
                                StageTrace.infraFailure(
                                        Stage.GENERATE,
                                        ms,
                                        generatorName + " failed: " + cause.getMessage()),
                                null);
                    }
                    if (!g.ok())
                        return generated(
                                retrieved,
                                List.of(),
                                StageTrace.failed(
                                        Stage.GENERATE, g.errorClass(), null, ms, g.problem()),
                                g.trace());
                    return generated(
                            retrieved,
                            g.candidates(),
                            StageTrace.ok(Stage.GENERATE, ms, g.detail()),
                            g.trace());
                });
    }

    private GeneratedTask generated(
            RetrievalTask retrieved,
            List<Candidate> candidates,
            StageTrace stage,
            GenerationTrace generation) {
        List<StageTrace> trace = new ArrayList<>(retrieved.stages());
        trace.add(stage);
        return new GeneratedTask(
                retrieved.task(),
                generators.of(retrieved.task()).name(),
                candidates,
                trace,
                retrieved.packet(),
                retrieved.retrieval(),
                generation);
    }

    @Override
    public GeneratedTask timedOut(RetrievalTask retrieved) {
        StageTrace failed =
                StageTrace.infraFailure(
                        Stage.GENERATE, 0, generators.of(retrieved.task()).name() + " timed out");
        return generated(retrieved, List.of(), failed, null);
    }

    @Override
    public void close() {
        prompts.shutdownNow();
        byVariant.values().forEach(SqlGenerator::close);
    }
}
