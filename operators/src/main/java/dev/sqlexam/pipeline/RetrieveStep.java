package dev.sqlexam.pipeline;

import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.RetrievalTrace;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalService;
import dev.sqlexam.sql.Reconnect;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

/**
 * Retrieves each question's schema context (V1 and V2 measured, the configured one used) on worker
 * threads.
 */
public final class RetrieveStep implements Step<RetrievalTask, RetrievalTask> {

    private final Variants<RetrievalSpec> specs;
    private final RagStore store;
    private final Map<String, RetrievalService> services;
    private final ExecutorService workers;

    /** One step in the process (no other subtask of the job retrieves beside it). */
    public RetrieveStep(Variants<RetrievalSpec> specs) {
        this(specs, 1);
    }

    /** One of {@code subtasks} steps of a job retrieving at once in this process. */
    public RetrieveStep(Variants<RetrievalSpec> specs, int subtasks) {
        this.specs = specs;
        store = RetrievalServices.store(specs.reference());
        services = RetrievalServices.services(specs, store);
        workers =
                Workers.daemons(
                        "sqlexam-retrieve",
                        workers(
                                specs.reference().poolSize(),
                                subtasks,
                                Runtime.getRuntime().availableProcessors()));
    }

    /**
     * Retrievals at once: the cores' share of this subtask, within the pool size. A retrieval is a
     * few milliseconds of CPU and a few indexed queries; more of them at once than cores only share
     * the cores and each takes longer (on 2 cores, 8 per subtask: p95 403–628 ms inside the ERP
     * exam; 1: 103–139 ms, the exam's throughput the same).
     */
    static int workers(int poolSize, int subtasks, int cores) {
        return Math.max(1, Math.min(poolSize, cores / Math.max(1, subtasks)));
    }

    @Override
    public CompletableFuture<RetrievalTask> run(RetrievalTask t) {
        return CompletableFuture.supplyAsync(() -> retrieve(t), workers)
                .handle(
                        (out, error) ->
                                error == null
                                        ? out
                                        : failed(t, 0, "retrieval crashed: " + error.getMessage()));
    }

    private RetrievalTask retrieve(RetrievalTask t) {
        long start = System.nanoTime();
        var q = t.task().question();
        if (q.onSqlite()) return notOnSqlite(t);
        if (t.vector() == null) return failed(t, 0, "skipped: no question vector");
        try {
            RetrievalService service = services.get(t.task().variant());
            RetrievalService.Outcome outcome =
                    Reconnect.within(
                            specs.of(t.task()).connections().retryMs(),
                            () ->
                                    service.retrieve(
                                            q.db(),
                                            q.question(),
                                            t.vector(),
                                            t.route(),
                                            q.goldTables()));
            long ms = (System.nanoTime() - start) / 1_000_000;
            RetrievalTrace trace = outcome.trace();
            StageTrace stage =
                    trace.error() == null
                            ? StageTrace.ok(
                                    Stage.RETRIEVE,
                                    ms,
                                    trace.strategy()
                                            + ": "
                                            + outcome.packet().tables().size()
                                            + " tables")
                            : StageTrace.failed(
                                    Stage.RETRIEVE, "bad_input", null, ms, trace.error());
            return t.withRetrieval(outcome.packet(), trace, stage);
        } catch (Exception e) {
            return failed(t, (System.nanoTime() - start) / 1_000_000, e.getMessage());
        }
    }

    /**
     * A question whose database is a SQLite file: the schema index is PostgreSQL's, so nothing is
     * retrieved (a generator that needs no schema, gold or replay, still answers). Not a failure.
     */
    private static RetrievalTask notOnSqlite(RetrievalTask t) {
        var q = t.task().question();
        String why = "skipped: the database is a SQLite file, not in the schema index";
        return t.withRetrieval(
                new SchemaContextPacket(
                        q.db(), "none", List.of(), List.of(), List.of(), List.of(), List.of()),
                RetrievalTrace.none(),
                StageTrace.ok(Stage.RETRIEVE, 0, why));
    }

    private static RetrievalTask failed(RetrievalTask t, long ms, String message) {
        var q = t.task().question();
        return t.withRetrieval(
                new SchemaContextPacket(
                        q.db(), "none", List.of(), List.of(), List.of(), List.of(), List.of()),
                RetrievalTrace.failed(message),
                StageTrace.infraFailure(Stage.RETRIEVE, ms, message));
    }

    @Override
    public RetrievalTask timedOut(RetrievalTask t) {
        return failed(t, 0, "retrieval exceeded the async time limit");
    }

    @Override
    public void close() {
        workers.shutdownNow();
        store.close();
    }
}
