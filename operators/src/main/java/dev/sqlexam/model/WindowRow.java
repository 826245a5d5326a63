package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * The metrics of one event-time window for one key (an app, an app and database, or an app and prompt version): events,
 * the share of each outcome class, the most frequent SQLSTATEs, the app's latency p50/p95 (from a mergeable sketch), the
 * lint-warning and empty-result rates, execution accuracy where gold exists, blocked statements and feedback.
 */
public record WindowRow(long windowStartMs, long windowEndMs, String keyKind, String key, long events, Map<String, Double> outcomeRates,
        List<SqlstateCount> topSqlstates, Double latencyP50Ms, Double latencyP95Ms, double lintWarningRate, double emptyResultRate,
        long graded, Double executionAccuracy, long blocked, long feedbackUp, long feedbackDown) implements Serializable {

    /** A SQLSTATE and how many events of the window reported it; the list is by count, most first. */
    public record SqlstateCount(String sqlstate, long count) implements Serializable {}
}
