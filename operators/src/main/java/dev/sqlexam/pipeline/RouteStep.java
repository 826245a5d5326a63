package dev.sqlexam.pipeline;

import dev.sqlexam.model.ModuleRoute;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalService;

import java.util.Map;

/**
 * Routes each question to at most three modules (keyword rules and module-embedding similarity).
 */
public final class RouteStep implements SyncStep<RetrievalTask, RetrievalTask> {

    private final RagStore store;
    private final Map<String, RetrievalService> services;

    public RouteStep(Variants<RetrievalSpec> specs) {
        store = RetrievalServices.store(specs.reference());
        services = RetrievalServices.services(specs, store);
    }

    @Override
    public RetrievalTask apply(RetrievalTask t) {
        long start = System.nanoTime();
        if (t.vector() == null) {
            return t.withRoute(
                    new ModuleRoute(null, "none", Map.of()),
                    StageTrace.ok(Stage.ROUTE, 0, "skipped: no question vector"));
        }
        try {
            ModuleRoute route =
                    services.get(t.task().variant())
                            .route(
                                    t.task().question().db(),
                                    t.task().question().question(),
                                    t.vector());
            return t.withRoute(
                    route,
                    StageTrace.ok(
                            Stage.ROUTE,
                            (System.nanoTime() - start) / 1_000_000,
                            route.method()
                                    + (route.modules() == null ? "" : " " + route.modules())));
        } catch (RuntimeException e) {
            return t.withRoute(
                    new ModuleRoute(null, "none", Map.of()),
                    StageTrace.infraFailure(
                            Stage.ROUTE, (System.nanoTime() - start) / 1_000_000, e.getMessage()));
        }
    }

    @Override
    public void close() {
        store.close();
    }
}
