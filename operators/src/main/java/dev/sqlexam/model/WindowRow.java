package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * The metrics of one event-time window for one key (an app, an app and database, or an app and
 * prompt version): events, the share of each outcome class, the most frequent SQLSTATEs, the app's
 * latency p50/p95 (from a mergeable sketch), the lint-warning and empty-result rates, execution
 * accuracy where gold exists, blocked statements, feedback, and the mean table recall of sqlexam's
 * retrieval over the events it checked, and the share of shadow comparisons where sqlexam's
 * pipeline agreed with the app (null without a shadow). The error rate is the share of events in an
 * error class (not ok, not empty, not left unevaluated by sqlexam); {@code emittedAtMs} is the
 * wall-clock time the row left its window (a window updated by late events is emitted again).
 */
public record WindowRow(
        long windowStartMs,
        long windowEndMs,
        String keyKind,
        String key,
        long events,
        double errorRate,
        Map<String, Double> outcomeRates,
        List<SqlstateCount> topSqlstates,
        Double latencyP50Ms,
        Double latencyP95Ms,
        double lintWarningRate,
        double emptyResultRate,
        long graded,
        Double executionAccuracy,
        long blocked,
        long feedbackUp,
        long feedbackDown,
        long retrievalChecked,
        Double retrievalRecall,
        long shadowCompared,
        Double shadowAgreement,
        long emittedAtMs)
        implements Serializable {

    /** This row as emitted at {@code atMs}. */
    public WindowRow emittedAt(long atMs) {
        return toBuilder().emittedAtMs(atMs).build();
    }

    /** A builder holding every field of this row. */
    private Builder toBuilder() {
        return of(windowStartMs, windowEndMs, keyKind, key)
                .events(events)
                .errorRate(errorRate)
                .outcomeRates(outcomeRates)
                .topSqlstates(topSqlstates)
                .latency(latencyP50Ms, latencyP95Ms)
                .lintWarningRate(lintWarningRate)
                .emptyResultRate(emptyResultRate)
                .graded(graded, executionAccuracy)
                .blocked(blocked)
                .feedback(feedbackUp, feedbackDown)
                .retrieval(retrievalChecked, retrievalRecall)
                .shadow(shadowCompared, shadowAgreement)
                .emittedAtMs(emittedAtMs);
    }

    /** The key kind and key, the identity of a row across a window's updates. */
    public String keyId() {
        return keyKind + "|" + key;
    }

    /**
     * Builds the row of the window {@code [startMs, endMs)} for {@code key} of {@code keyKind}: no
     * events, zero, null or empty where not set, emitted at 0.
     */
    public static Builder of(long startMs, long endMs, String keyKind, String key) {
        return new Builder(startMs, endMs, keyKind, key);
    }

    /** Builds a {@link WindowRow} by its fields' names. */
    public static final class Builder {
        private final long windowStartMs;
        private final long windowEndMs;
        private final String keyKind;
        private final String key;
        private long events;
        private double errorRate;
        private Map<String, Double> outcomeRates = Map.of();
        private List<SqlstateCount> topSqlstates = List.of();
        private Double latencyP50Ms;
        private Double latencyP95Ms;
        private double lintWarningRate;
        private double emptyResultRate;
        private long graded;
        private Double executionAccuracy;
        private long blocked;
        private long feedbackUp;
        private long feedbackDown;
        private long retrievalChecked;
        private Double retrievalRecall;
        private long shadowCompared;
        private Double shadowAgreement;
        private long emittedAtMs;

        private Builder(long windowStartMs, long windowEndMs, String keyKind, String key) {
            this.windowStartMs = windowStartMs;
            this.windowEndMs = windowEndMs;
            this.keyKind = keyKind;
            this.key = key;
        }

        public Builder events(long value) {
            events = value;
            return this;
        }

        public Builder errorRate(double value) {
            errorRate = value;
            return this;
        }

        public Builder outcomeRates(Map<String, Double> value) {
            outcomeRates = value;
            return this;
        }

        public Builder topSqlstates(List<SqlstateCount> value) {
            topSqlstates = value;
            return this;
        }

        public Builder latency(Double p50Ms, Double p95Ms) {
            latencyP50Ms = p50Ms;
            latencyP95Ms = p95Ms;
            return this;
        }

        public Builder lintWarningRate(double value) {
            lintWarningRate = value;
            return this;
        }

        public Builder emptyResultRate(double value) {
            emptyResultRate = value;
            return this;
        }

        public Builder graded(long count, Double executionAccuracy) {
            graded = count;
            this.executionAccuracy = executionAccuracy;
            return this;
        }

        public Builder blocked(long value) {
            blocked = value;
            return this;
        }

        public Builder feedback(long up, long down) {
            feedbackUp = up;
            feedbackDown = down;
            return this;
        }

        public Builder retrieval(long checked, Double recall) {
            retrievalChecked = checked;
            retrievalRecall = recall;
            return this;
        }

        public Builder shadow(long compared, Double agreement) {
            shadowCompared = compared;
            shadowAgreement = agreement;
            return this;
        }

        private Builder emittedAtMs(long value) {
            emittedAtMs = value;
            return this;
        }

        public WindowRow build() {
            return new WindowRow(
                    windowStartMs,
                    windowEndMs,
                    keyKind,
                    key,
                    events,
                    errorRate,
                    outcomeRates,
                    topSqlstates,
                    latencyP50Ms,
                    latencyP95Ms,
                    lintWarningRate,
                    emptyResultRate,
                    graded,
                    executionAccuracy,
                    blocked,
                    feedbackUp,
                    feedbackDown,
                    retrievalChecked,
                    retrievalRecall,
                    shadowCompared,
                    shadowAgreement,
                    emittedAtMs);
        }
    }

    /**
     * A SQLSTATE and how many events of the window reported it; the list is by count, most first.
     */
    public record SqlstateCount(String sqlstate, long count) implements Serializable {}
}
