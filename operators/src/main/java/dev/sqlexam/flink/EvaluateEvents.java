package dev.sqlexam.flink;

import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.pipeline.EvaluateEventStep;
import dev.sqlexam.pipeline.ExecutionSpec;
import dev.sqlexam.pipeline.RetrievalSpec;

/**
 * The {@link EvaluateEventStep} as an async operator: each query-log event's SQL checked as the
 * read-only role on worker threads.
 */
public final class EvaluateEvents extends AsyncStepFunction<QueryLogEvent, EventEvaluation> {

    /**
     * {@code retrieval} null: no retrieval check; else a {@code retrievalSampleRate} share of the
     * events is checked.
     */
    public EvaluateEvents(
            ExecutionSpec spec,
            long explainTimeoutMs,
            RetrievalSpec retrieval,
            double retrievalSampleRate) {
        super(
                subtasks ->
                        new EvaluateEventStep(
                                spec, explainTimeoutMs, retrieval, retrievalSampleRate));
    }
}
