package dev.sqlexam.jobs.graph;

import dev.sqlexam.pipeline.ExecutionSpec;
import dev.sqlexam.pipeline.RetrievalSpec;
import dev.sqlexam.watch.AlertRules;

import java.time.Duration;

/**
 * The window settings and what evaluation needs; built with {@link #builder}, checked when built.
 * {@code retrieval} null: no retrieval check; {@code shadow} null: no shadow evaluation.
 */
public record WatchJobSpec(
        String source,
        ExecutionSpec execution,
        long explainTimeoutMs,
        EventTime eventTime,
        Async async,
        AlertRules alerts,
        RetrievalSpec retrieval,
        double retrievalSampleRate,
        WatchJob.Shadow shadow) {

    /**
     * The tumbling event-time windows: their length, how far out of order events may come, and how
     * late an event may still join its window.
     */
    public record EventTime(Duration window, Duration outOfOrderness, Duration allowedLateness) {

        public EventTime {
            if (window == null || window.isNegative() || window.isZero())
                throw new IllegalArgumentException("the window must be positive, was " + window);
            if (outOfOrderness == null || outOfOrderness.isNegative())
                throw new IllegalArgumentException(
                        "out-of-orderness must be >= 0, was " + outOfOrderness);
            if (allowedLateness == null || allowedLateness.isNegative())
                throw new IllegalArgumentException(
                        "allowed lateness must be >= 0, was " + allowedLateness);
        }
    }

    /** The asynchronous stages' concurrent requests per subtask and time limit. */
    public record Async(int capacity, long timeoutMs) {

        public Async {
            if (capacity < 1)
                throw new IllegalArgumentException("async capacity must be >= 1, was " + capacity);
            if (timeoutMs < 1)
                throw new IllegalArgumentException(
                        "the async time limit must be >= 1 ms, was " + timeoutMs);
        }
    }

    public WatchJobSpec {
        if (source == null || source.isBlank())
            throw new IllegalArgumentException("a watch needs the name of its source");
        if (execution == null)
            throw new IllegalArgumentException("a watch needs its execution settings");
        if (explainTimeoutMs < 1)
            throw new IllegalArgumentException(
                    "the EXPLAIN timeout must be >= 1 ms, was " + explainTimeoutMs);
        if (eventTime == null || async == null)
            throw new IllegalArgumentException("a watch needs its windows and async limits");
        if (alerts == null)
            throw new IllegalArgumentException(
                    "a watch needs its alert rules (AlertRules.none() for none)");
        if (retrievalSampleRate < 0 || retrievalSampleRate > 1) {
            throw new IllegalArgumentException(
                    "the retrieval check's sample rate must be in [0, 1], was "
                            + retrievalSampleRate);
        }
    }

    /**
     * A watch of {@code source}: one-minute windows, 30 s out-of-orderness, no lateness, no alerts,
     * no retrieval check, no shadow.
     */
    public static Builder builder(String source, ExecutionSpec execution) {
        return new Builder(source, execution);
    }

    public Builder toBuilder() {
        return new Builder(source, execution)
                .explainTimeoutMs(explainTimeoutMs)
                .window(eventTime.window())
                .outOfOrderness(eventTime.outOfOrderness())
                .allowedLateness(eventTime.allowedLateness())
                .async(async.capacity(), async.timeoutMs())
                .alerts(alerts)
                .retrievalCheck(retrieval, retrievalSampleRate)
                .shadow(shadow);
    }

    /** Builds a {@link WatchJobSpec}; what is not set keeps the defaults {@link #builder} names. */
    public static final class Builder {
        private final String source;
        private final ExecutionSpec execution;
        private long explainTimeoutMs = 2_000;
        private Duration window = Duration.ofMinutes(1);
        private Duration outOfOrderness = Duration.ofSeconds(30);
        private Duration allowedLateness = Duration.ZERO;
        private int asyncCapacity = 16;
        private long asyncTimeoutMs = 120_000;
        private AlertRules alerts = AlertRules.none();
        private RetrievalSpec retrieval;
        private double retrievalSampleRate;
        private WatchJob.Shadow shadow;

        private Builder(String source, ExecutionSpec execution) {
            this.source = source;
            this.execution = execution;
        }

        public Builder explainTimeoutMs(long ms) {
            explainTimeoutMs = ms;
            return this;
        }

        public Builder window(Duration length) {
            window = length;
            return this;
        }

        public Builder outOfOrderness(Duration bound) {
            outOfOrderness = bound;
            return this;
        }

        public Builder allowedLateness(Duration lateness) {
            allowedLateness = lateness;
            return this;
        }

        public Builder async(int capacity, long timeoutMs) {
            asyncCapacity = capacity;
            asyncTimeoutMs = timeoutMs;
            return this;
        }

        public Builder alerts(AlertRules rules) {
            alerts = rules;
            return this;
        }

        /**
         * The retrieval check on a {@code sampleRate} share of the events; a null {@code spec}:
         * none.
         */
        public Builder retrievalCheck(RetrievalSpec spec, double sampleRate) {
            retrieval = spec;
            retrievalSampleRate = spec == null ? 0 : sampleRate;
            return this;
        }

        public Builder shadow(WatchJob.Shadow evaluation) {
            shadow = evaluation;
            return this;
        }

        public WatchJobSpec build() {
            return new WatchJobSpec(
                    source,
                    execution,
                    explainTimeoutMs,
                    new EventTime(window, outOfOrderness, allowedLateness),
                    new Async(asyncCapacity, asyncTimeoutMs),
                    alerts,
                    retrieval,
                    retrievalSampleRate,
                    shadow);
        }
    }
}
