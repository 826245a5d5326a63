package dev.sqlexam.model;

import java.io.Serializable;

/**
 * A rule that fired on one window row: the window, the key, the rule and its metric, the value the
 * window had, the threshold it crossed, and for a drift rule the trailing baseline it was measured
 * against (null for a plain threshold).
 */
public record Alert(
        long windowStartMs,
        long windowEndMs,
        String keyKind,
        String key,
        String rule,
        String metric,
        double value,
        double threshold,
        Double baseline,
        long events,
        String message)
        implements Serializable {

    /**
     * {@code rule}'s alert on {@code row}: its window, key and events, with what the rule measured
     * ({@code baseline} null for a plain threshold).
     */
    public static Alert on(
            WindowRow row,
            String rule,
            String metric,
            double value,
            double threshold,
            Double baseline,
            String message) {
        return new Alert(
                row.windowStartMs(),
                row.windowEndMs(),
                row.keyKind(),
                row.key(),
                rule,
                metric,
                value,
                threshold,
                baseline,
                row.events(),
                message);
    }

    /** The identity of an alert across a window's updates: one per window, key and rule. */
    public String id() {
        return windowStartMs + "|" + keyKind + "|" + key + "|" + rule;
    }
}
