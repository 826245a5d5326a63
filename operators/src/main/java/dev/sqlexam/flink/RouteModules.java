package dev.sqlexam.flink;

import dev.sqlexam.model.Stage;
import dev.sqlexam.model.ModuleRoute;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.retrieval.ModuleRouter;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalService;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/** Routes each question to at most three modules (keyword rules and module-embedding similarity). */
public final class RouteModules extends RichMapFunction<RetrievalTask, RetrievalTask> {

    private final Variants<RetrievalSpec> specs;
    private transient RagStore store;
    private transient Map<String, RetrievalService> services;

    public RouteModules(Variants<RetrievalSpec> specs) {
        this.specs = specs;
    }

    @Override
    public void open(OpenContext openContext) {
        store = RetrievalOperators.store(specs.reference());
        services = RetrievalOperators.services(specs, store);
    }

    @Override
    public RetrievalTask map(RetrievalTask t) {
        long start = System.nanoTime();
        if (t.vector() == null) {
            return t.withRoute(new ModuleRoute(null, "none", Map.of()), StageTrace.ok(Stage.ROUTE, 0, "skipped: no question vector"));
        }
        try {
            ModuleRoute route = services.get(t.task().variant()).route(t.task().question().db(), t.task().question().question(), t.vector());
            return t.withRoute(route, StageTrace.ok(Stage.ROUTE, (System.nanoTime() - start) / 1_000_000,
                    route.method() + (route.modules() == null ? "" : " " + route.modules())));
        } catch (RuntimeException e) {
            return t.withRoute(new ModuleRoute(null, "none", Map.of()), StageTrace.infraFailure(Stage.ROUTE, (System.nanoTime() - start) / 1_000_000, e.getMessage()));
        }
    }

    @Override
    public void close() {
        if (store != null) store.close();
    }
}
