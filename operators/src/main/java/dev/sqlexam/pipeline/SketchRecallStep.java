package dev.sqlexam.pipeline;

import dev.sqlexam.llm.Generation;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.retrieval.BackwardRecall;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalService;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Pre-SQL backward recall (PRE_SQL_ENABLED): the model writes one sketch from the retrieved schema,
 * and the tables it names that retrieval missed join the packet before planning and generation.
 * Only a model writes sketches: gold would leak the answer's tables, and baseline and replay name
 * no new ones. A failed sketch leaves the packet as it was and says why in the stage trace. The
 * variants with pre-SQL off pass unchanged.
 */
public final class SketchRecallStep implements Step<RetrievalTask, RetrievalTask> {

    private static final Stage STAGE = Stage.PRE_SQL;

    private final Map<String, SqlGenerator> generators = new HashMap<>();
    private final RagStore store;
    private final Map<String, RetrievalService> services;

    public SketchRecallStep(Variants<PipelineConfig> configs) {
        for (String variant : configs.names()) {
            PipelineConfig config = configs.get(variant);
            if (config.preSql()) generators.put(variant, config.generators().create());
        }
        if (generators.values().stream().anyMatch(g -> g.sketcher().isPresent())) {
            Variants<RetrievalSpec> specs = configs.map(PipelineConfig::retrieval);
            store = RetrievalServices.store(specs.reference());
            services = RetrievalServices.services(specs, store);
        } else {
            store = null;
            services = Map.of();
        }
    }

    @Override
    public CompletableFuture<RetrievalTask> run(RetrievalTask t) {
        long start = System.nanoTime();
        SqlGenerator generator = generators.get(t.task().variant());
        if (generator == null) return CompletableFuture.completedFuture(t);
        var sketcher = generator.sketcher();
        if (sketcher.isEmpty()) {
            return done(
                    t,
                    StageTrace.ok(
                            STAGE,
                            0,
                            "skipped: the "
                                    + generator.name()
                                    + " generator writes no sketch; pre-SQL needs a model"));
        }
        if (t.packet() == null || t.packet().tables().isEmpty())
            return done(t, StageTrace.ok(STAGE, 0, "skipped: no retrieved schema to sketch from"));
        CompletableFuture<Generation> sketch;
        try {
            sketch = sketcher.get().sketch(t.task(), t.packet());
        } catch (RuntimeException e) {
            sketch = CompletableFuture.failedFuture(e);
        }
        return sketch.handle(
                        (result, error) ->
                                recalled(t, result, error, (System.nanoTime() - start) / 1_000_000))
                .exceptionally(
                        error ->
                                t.withPacket(
                                        t.packet(),
                                        StageTrace.infraFailure(STAGE, 0, String.valueOf(error))));
    }

    private RetrievalTask recalled(RetrievalTask t, Generation result, Throwable error, long ms) {
        if (error != null)
            return t.withPacket(
                    t.packet(),
                    StageTrace.infraFailure(STAGE, ms, "sketch failed: " + error.getMessage()));
        if (!result.ok())
            return t.withPacket(
                    t.packet(),
                    StageTrace.infraFailure(STAGE, ms, "sketch failed: " + result.problem()));
        if (result.candidates().isEmpty()) {
            String why = String.join("; ", result.trace().extractionProblems());
            return t.withPacket(
                    t.packet(),
                    StageTrace.failed(STAGE, "no_sketch", null, ms, "no sketch SQL: " + why));
        }
        String sql = result.candidates().get(0).sql();
        try {
            BackwardRecall.Recall recall = services.get(t.task().variant()).recall(t.packet(), sql);
            BackwardRecall.Referenced named = recall.named();
            return t.withPacket(
                    recall.packet(),
                    StageTrace.ok(
                            STAGE,
                            ms,
                            "sketch named "
                                    + named.tables().size()
                                    + " table(s)"
                                    + (named.scannedBecause() == null
                                            ? ""
                                            : " (by a FROM/JOIN scan: "
                                                    + named.scannedBecause()
                                                    + ")")
                                    + "; added "
                                    + recall.added()
                                    + (recall.unknown().isEmpty()
                                            ? ""
                                            : "; not in the database " + recall.unknown())
                                    + "; sketch: "
                                    + sql));
        } catch (RuntimeException e) {
            return t.withPacket(
                    t.packet(),
                    StageTrace.infraFailure(STAGE, ms, "recall failed: " + e.getMessage()));
        }
    }

    private static CompletableFuture<RetrievalTask> done(RetrievalTask t, StageTrace trace) {
        return CompletableFuture.completedFuture(t.withPacket(t.packet(), trace));
    }

    @Override
    public RetrievalTask timedOut(RetrievalTask t) {
        return t.withPacket(
                t.packet(),
                StageTrace.infraFailure(STAGE, 0, "the sketch exceeded the async time limit"));
    }

    @Override
    public void close() {
        generators.values().forEach(SqlGenerator::close);
        if (store != null) store.close();
    }
}
