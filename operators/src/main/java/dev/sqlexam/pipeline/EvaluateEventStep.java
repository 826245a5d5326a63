package dev.sqlexam.pipeline;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.grading.Grader;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.sql.ReadOnlyExecutor;
import dev.sqlexam.sql.SqlGuard;
import dev.sqlexam.watch.EventEvaluator;
import dev.sqlexam.watch.RetrievalCheck;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

/**
 * Each query-log event's guard, lint, EXPLAIN, (with gold) grading and (when asked) retrieval
 * check, as the read-only role on worker threads. A failure here never loses the event: it is
 * evaluated as an infrastructure failure of ours, with the reason.
 */
public final class EvaluateEventStep implements Step<QueryLogEvent, EventEvaluation> {

    private final PooledConnections connections;
    private final ExecutorService workers;
    private final EventEvaluator evaluator;
    private final RagStore store;
    private final EmbeddingProvider embedder;

    /**
     * {@code retrieval} null: no retrieval check; else a {@code retrievalSampleRate} share of the
     * events is checked.
     */
    public EvaluateEventStep(
            ExecutionSpec spec,
            long explainTimeoutMs,
            RetrievalSpec retrieval,
            double retrievalSampleRate) {
        connections =
                new PooledConnections(
                        spec.reader().url(), spec.reader().initSql(), true, spec.connections());
        workers = Workers.daemons("sqlexam-watch", spec.poolSize());
        RetrievalCheck check = null;
        if (retrieval != null) {
            store = RetrievalServices.store(retrieval);
            embedder = retrieval.embeddings().create();
            check = new RetrievalCheck(RetrievalServices.service(retrieval, store), embedder);
        } else {
            store = null;
            embedder = null;
        }
        evaluator =
                new EventEvaluator(
                        new ReadOnlyExecutor(
                                connections,
                                spec.limits().statementTimeoutMs(),
                                spec.limits().rowCap()),
                        new Grader(spec.grading().tolerance()),
                        explainTimeoutMs,
                        check,
                        retrievalSampleRate);
    }

    @Override
    public CompletableFuture<EventEvaluation> run(QueryLogEvent event) {
        return CompletableFuture.supplyAsync(() -> evaluator.evaluate(event), workers)
                .handle(
                        (evaluation, error) ->
                                error == null
                                        ? evaluation
                                        : unevaluated(
                                                event,
                                                "evaluation crashed: " + error.getMessage()));
    }

    @Override
    public EventEvaluation timedOut(QueryLogEvent event) {
        return unevaluated(event, "evaluation exceeded the async time limit");
    }

    /**
     * An event sqlexam could not evaluate: its outcome is what the app reported, else
     * not_evaluated; never the app's failure.
     */
    static EventEvaluation unevaluated(QueryLogEvent e, String why) {
        String outcome =
                e.outcome() == null
                        ? EventEvaluator.NOT_EVALUATED
                        : EventEvaluator.outcomeClass(e, SqlGuard.check(e.sql()), null);
        return new EventEvaluation(
                EventEvaluation.Origin.of(e),
                EventEvaluation.Checks.none(),
                EventEvaluation.Outcome.of(outcome, e),
                new EventEvaluation.Grade(null, ErrorClass.INFRA_FAILURE.code(), why),
                0,
                null);
    }

    @Override
    public void close() {
        workers.shutdownNow();
        connections.close();
        if (store != null) store.close();
        if (embedder != null) embedder.close();
    }
}
