package dev.sqlexam.flink;

import dev.sqlexam.model.Stage;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalService;
import dev.sqlexam.model.RetrievalTrace;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/** Retrieves each question's schema context (V1 and V2 measured, the configured one used) on worker threads. */
public final class RetrieveSchema extends RichAsyncFunction<RetrievalTask, RetrievalTask> {

    private final Variants<RetrievalSpec> specs;
    private transient RagStore store;
    private transient Map<String, RetrievalService> services;
    private transient ExecutorService workers;

    public RetrieveSchema(Variants<RetrievalSpec> specs) {
        this.specs = specs;
    }

    @Override
    public void open(OpenContext openContext) {
        store = RetrievalOperators.store(specs.reference());
        services = RetrievalOperators.services(specs, store);
        workers = Workers.daemons("sqlexam-retrieve", specs.reference().poolSize());
    }

    @Override
    public void asyncInvoke(RetrievalTask t, ResultFuture<RetrievalTask> resultFuture) {
        CompletableFuture.supplyAsync(() -> retrieve(t), workers).whenComplete((out, error) -> resultFuture.complete(List.of(
                error == null ? out : failed(t, 0, "retrieval crashed: " + error.getMessage()))));
    }

    private RetrievalTask retrieve(RetrievalTask t) {
        long start = System.nanoTime();
        var q = t.task().question();
        if (t.vector() == null) return failed(t, 0, "skipped: no question vector");
        try {
            RetrievalService service = services.get(t.task().variant());
            RetrievalService.Outcome outcome = dev.sqlexam.sql.Reconnect.within(specs.of(t.task()).connections().retryMs(),
                    () -> service.retrieve(q.db(), q.question(), t.vector(), t.route(), q.goldTables()));
            long ms = (System.nanoTime() - start) / 1_000_000;
            RetrievalTrace trace = outcome.trace();
            StageTrace stage = trace.error() == null
                    ? StageTrace.ok(Stage.RETRIEVE, ms, trace.strategy() + ": " + outcome.packet().tables().size() + " tables")
                    : StageTrace.failed(Stage.RETRIEVE, "bad_input", null, ms, trace.error());
            return t.withRetrieval(outcome.packet(), trace, stage);
        } catch (Exception e) {
            return failed(t, (System.nanoTime() - start) / 1_000_000, e.getMessage());
        }
    }

    private static RetrievalTask failed(RetrievalTask t, long ms, String message) {
        var q = t.task().question();
        return t.withRetrieval(new SchemaContextPacket(q.db(), "none", List.of(), List.of(), List.of(), List.of(), List.of()),
                RetrievalTrace.failed(message), StageTrace.infraFailure(Stage.RETRIEVE, ms, message));
    }

    @Override
    public void timeout(RetrievalTask t, ResultFuture<RetrievalTask> resultFuture) {
        resultFuture.complete(List.of(failed(t, 0, "retrieval exceeded the async time limit")));
    }

    @Override
    public void close() {
        if (workers != null) workers.shutdownNow();
        if (store != null) store.close();
    }
}
