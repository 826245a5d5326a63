package dev.sqlexam.watch;

import dev.sqlexam.model.WindowRow;

import java.util.Arrays;
import java.util.function.Function;

/**
 * The metrics of a window row an alert rule can watch, under their names in the rule file and in
 * windows.jsonl.
 */
public enum WindowMetric {
    EVENTS("events", r -> (double) r.events()),
    ERROR_RATE("error_rate", WindowRow::errorRate),
    LATENCY_P50_MS("latency_p50_ms", WindowRow::latencyP50Ms),
    LATENCY_P95_MS("latency_p95_ms", WindowRow::latencyP95Ms),
    LINT_WARNING_RATE("lint_warning_rate", WindowRow::lintWarningRate),
    EMPTY_RESULT_RATE("empty_result_rate", WindowRow::emptyResultRate),
    EXECUTION_ACCURACY("execution_accuracy", WindowRow::executionAccuracy),
    BLOCKED("blocked", r -> (double) r.blocked()),
    FEEDBACK_DOWN_RATE(
            "feedback_down_rate",
            r -> r.events() == 0 ? 0.0 : (double) r.feedbackDown() / r.events()),
    RETRIEVAL_RECALL("retrieval_recall", WindowRow::retrievalRecall),
    SHADOW_AGREEMENT("shadow_agreement", WindowRow::shadowAgreement);

    private final String key;
    private final Function<WindowRow, Double> value;

    WindowMetric(String key, Function<WindowRow, Double> value) {
        this.key = key;
        this.value = value;
    }

    public String key() {
        return key;
    }

    /** The row's value, or null when the window has none (no latency reported, nothing graded). */
    public Double of(WindowRow row) {
        return value.apply(row);
    }

    /**
     * A metric by name; {@code rate.CLASS} (e.g. {@code rate.sql_error}) is the share of one
     * outcome class and is read by {@link #rateOf}.
     */
    public static WindowMetric named(String name) {
        return Arrays.stream(values())
                .filter(m -> m.key.equals(name))
                .findFirst()
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "unknown metric '"
                                                + name
                                                + "'; known: "
                                                + String.join(
                                                        ", ",
                                                        Arrays.stream(values())
                                                                .map(WindowMetric::key)
                                                                .toList())
                                                + ", rate.<outcome class>"));
    }

    /**
     * How many observations the metric's value rests on: graded or retrieval-checked events for
     * those, events otherwise.
     */
    public static long sampleSize(WindowRow row, String name) {
        if (name.equals(EXECUTION_ACCURACY.key)) return row.graded();
        if (name.equals(SHADOW_AGREEMENT.key)) return row.shadowCompared();
        return name.equals(RETRIEVAL_RECALL.key) ? row.retrievalChecked() : row.events();
    }

    /**
     * A share of the window's events (a rate of an outcome class, errors, lint warnings, empty
     * results, thumbs down).
     */
    public static boolean isShare(String name) {
        return isRate(name)
                || name.equals(ERROR_RATE.key)
                || name.equals(LINT_WARNING_RATE.key)
                || name.equals(EMPTY_RESULT_RATE.key)
                || name.equals(FEEDBACK_DOWN_RATE.key);
    }

    public static boolean isRate(String name) {
        return name.startsWith("rate.") && name.length() > "rate.".length();
    }

    public static double rateOf(WindowRow row, String name) {
        return row.outcomeRates().getOrDefault(name.substring("rate.".length()), 0.0);
    }

    /** Any metric by name, plain or {@code rate.CLASS}. */
    public static Double valueOf(WindowRow row, String name) {
        if (isRate(name)) return rateOf(row, name);
        return named(name).of(row);
    }
}
