package dev.sqlexam.flink;

import dev.sqlexam.model.Stage;
import dev.sqlexam.llm.Generation;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.retrieval.BackwardRecall;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalService;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Pre-SQL backward recall (PRE_SQL_ENABLED): the model writes one sketch from the retrieved schema,
 * and the tables it names that retrieval missed join the packet before planning and generation. Only a
 * model writes sketches: gold would leak the answer's tables, and baseline and replay name no new ones.
 * A failed sketch leaves the packet as it was and says why in the stage trace.
 */
public final class RecallFromSketch extends RichAsyncFunction<RetrievalTask, RetrievalTask> {

    static final Stage STAGE = Stage.PRE_SQL;

    private final Variants<PipelineConfig> configs;
    private transient Map<String, SqlGenerator> generators;
    private transient RagStore store;
    private transient Map<String, RetrievalService> services;

    /** Sketches for the variants with pre-SQL on; the others' tasks pass unchanged. */
    public RecallFromSketch(Variants<PipelineConfig> configs) {
        this.configs = configs;
    }

    @Override
    public void open(OpenContext openContext) {
        generators = new HashMap<>();
        for (String variant : configs.names()) {
            PipelineConfig config = configs.get(variant);
            if (config.preSql()) generators.put(variant, config.generators().create());
        }
        if (generators.values().stream().anyMatch(g -> g.sketcher().isPresent())) {
            Variants<RetrievalSpec> specs = configs.map(PipelineConfig::retrieval);
            store = RetrievalOperators.store(specs.reference());
            services = RetrievalOperators.services(specs, store);
        }
    }

    @Override
    public void asyncInvoke(RetrievalTask t, ResultFuture<RetrievalTask> resultFuture) {
        long start = System.nanoTime();
        SqlGenerator generator = generators.get(t.task().variant());
        if (generator == null) {
            resultFuture.complete(List.of(t));
            return;
        }
        RetrievalService service = services == null ? null : services.get(t.task().variant());
        var sketcher = generator.sketcher();
        if (sketcher.isEmpty()) {
            resultFuture.complete(List.of(t.withPacket(t.packet(), StageTrace.ok(STAGE, 0,
                    "skipped: the " + generator.name() + " generator writes no sketch; pre-SQL needs a model"))));
            return;
        }
        if (t.packet() == null || t.packet().tables().isEmpty()) {
            resultFuture.complete(List.of(t.withPacket(t.packet(), StageTrace.ok(STAGE, 0, "skipped: no retrieved schema to sketch from"))));
            return;
        }
        CompletableFuture<Generation> sketch;
        try {
            sketch = sketcher.get().sketch(t.task(), t.packet());
        } catch (RuntimeException e) {
            sketch = CompletableFuture.failedFuture(e);
        }
        sketch.handle((result, error) -> {
            long ms = (System.nanoTime() - start) / 1_000_000;
            if (error != null) return t.withPacket(t.packet(), StageTrace.infraFailure(STAGE, ms, "sketch failed: " + error.getMessage()));
            if (!result.ok()) return t.withPacket(t.packet(), StageTrace.infraFailure(STAGE, ms, "sketch failed: " + result.problem()));
            if (result.candidates().isEmpty()) {
                String why = String.join("; ", result.trace().extractionProblems());
                return t.withPacket(t.packet(), StageTrace.failed(STAGE, "no_sketch", null, ms, "no sketch SQL: " + why));
            }
            String sql = result.candidates().get(0).sql();
            try {
                BackwardRecall.Recall recall = service.recall(t.packet(), sql);
                return t.withPacket(recall.packet(), StageTrace.ok(STAGE, ms, "sketch named " + BackwardRecall.tablesOf(sql).size()
                        + " table(s); added " + recall.added() + (recall.unknown().isEmpty() ? "" : "; not in the database " + recall.unknown())
                        + "; sketch: " + sql));
            } catch (RuntimeException e) {
                return t.withPacket(t.packet(), StageTrace.infraFailure(STAGE, ms, "recall failed: " + e.getMessage()));
            }
        }).whenComplete((out, error) -> resultFuture.complete(List.of(out != null ? out
                : t.withPacket(t.packet(), StageTrace.infraFailure(STAGE, 0, String.valueOf(error))))));
    }

    @Override
    public void timeout(RetrievalTask t, ResultFuture<RetrievalTask> resultFuture) {
        resultFuture.complete(List.of(t.withPacket(t.packet(), StageTrace.infraFailure(STAGE, 0,
                "the sketch exceeded the async time limit"))));
    }

    @Override
    public void close() {
        if (generators != null) generators.values().forEach(SqlGenerator::close);
        if (store != null) store.close();
    }
}
