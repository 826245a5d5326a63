package dev.sqlexam.flink;

import dev.sqlexam.model.Stage;
import dev.sqlexam.llm.Generation;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.GenerationTrace;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Asks the configured generator for a question's SQL candidates. A failing or slow generator
 * yields a task with no candidates and the failure in its trace, never a failed job.
 */
public final class GenerateCandidates extends RichAsyncFunction<RetrievalTask, GeneratedTask> {

    private final Variants<Generators> generators;
    private transient Map<String, SqlGenerator> byVariant;

    public GenerateCandidates(Variants<Generators> generators) {
        this.generators = generators;
    }

    @Override
    public void open(OpenContext openContext) {
        byVariant = new HashMap<>();
        for (String variant : generators.names()) byVariant.put(variant, generators.get(variant).create());
    }

    @Override
    public void asyncInvoke(RetrievalTask retrieved, ResultFuture<GeneratedTask> resultFuture) {
        long start = System.nanoTime();
        SqlGenerator generator = byVariant.get(retrieved.task().variant());
        String generatorName = generators.of(retrieved.task()).name();
        CompletableFuture<Generation> generation;
        try {
            generation = generator.generate(new SqlGenerator.Request(retrieved.task(), retrieved.packet(), retrieved.plan()));
        } catch (RuntimeException e) {
            generation = CompletableFuture.failedFuture(e);
        }
        generation.whenComplete((g, error) -> {
            long ms = (System.nanoTime() - start) / 1_000_000;
            if (error != null) {
                resultFuture.complete(List.of(generated(retrieved, List.of(),
                        StageTrace.infraFailure(Stage.GENERATE, ms, generatorName + " failed: " + error.getMessage()), null)));
            } else if (!g.ok()) {
                resultFuture.complete(List.of(generated(retrieved, List.of(), StageTrace.failed(Stage.GENERATE, g.errorClass(), null, ms,
                        g.problem()), g.trace())));
            } else {
                resultFuture.complete(List.of(generated(retrieved, g.candidates(), StageTrace.ok(Stage.GENERATE, ms, g.detail()), g.trace())));
            }
        });
    }

    private GeneratedTask generated(RetrievalTask retrieved, List<Candidate> candidates, StageTrace stage,
            GenerationTrace generation) {
        String generatorName = generators.of(retrieved.task()).name();
        List<StageTrace> trace = new ArrayList<>(retrieved.stages());
        trace.add(stage);
        return new GeneratedTask(retrieved.task(), generatorName, candidates, trace, retrieved.packet(), retrieved.retrieval(), generation);
    }

    @Override
    public void timeout(RetrievalTask retrieved, ResultFuture<GeneratedTask> resultFuture) {
        StageTrace failed = StageTrace.infraFailure(Stage.GENERATE, 0, generators.of(retrieved.task()).name() + " timed out");
        resultFuture.complete(List.of(generated(retrieved, List.of(), failed, null)));
    }

    @Override
    public void close() throws Exception {
        if (byVariant != null) byVariant.values().forEach(SqlGenerator::close);
    }
}
