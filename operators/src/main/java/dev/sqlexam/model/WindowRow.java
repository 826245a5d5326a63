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
                atMs);
    }

    /** The key kind and key, the identity of a row across a window's updates. */
    public String keyId() {
        return keyKind + "|" + key;
    }

    /**
     * A SQLSTATE and how many events of the window reported it; the list is by count, most first.
     */
    public record SqlstateCount(String sqlstate, long count) implements Serializable {}
}
