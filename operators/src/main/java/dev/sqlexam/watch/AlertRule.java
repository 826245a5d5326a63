package dev.sqlexam.watch;

import dev.sqlexam.model.Alert;
import dev.sqlexam.model.WindowRow;

import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * One alert rule: a metric of a window row against a fixed threshold ({@code above} or {@code
 * below}), or against the key's trailing baseline ({@code drift}). Windows with fewer than {@code
 * minEvents} events (graded events, for execution accuracy) are not judged; {@code keyKinds} empty
 * means every kind of key.
 */
public record AlertRule(
        String name,
        String metric,
        Set<String> keyKinds,
        Double above,
        Double below,
        Drift drift,
        long minEvents)
        implements Serializable {

    /**
     * A drift from the trailing baseline: the mean of the metric over the windows (at least {@code
     * minBaselineWindows}) that ended within {@code baselineMs} before this one; a {@code factor}
     * above 1 fires when the value rises to factor × baseline and at least {@code minDelta} above
     * it, below 1 when it falls so. For a rate, {@code maxPValue} asks the drift to be significant
     * too: the one-sided binomial probability of a window of this many events showing this share
     * (or a more extreme one) if the baseline rate still held must be at most that, so that a small
     * window's noise does not raise alerts.
     */
    public record Drift(
            double factor,
            long baselineMs,
            int minBaselineWindows,
            double minDelta,
            Double maxPValue)
            implements Serializable {

        public Drift {
            minBaselineWindows = Math.max(1, minBaselineWindows);
        }
    }

    public AlertRule {
        if (name == null || name.isBlank())
            throw new IllegalArgumentException("an alert rule needs a name");
        if (metric == null)
            throw new IllegalArgumentException("alert rule '" + name + "' needs a metric");
        if (!WindowMetric.isRate(metric)) WindowMetric.named(metric);
        int kinds = (above != null ? 1 : 0) + (below != null ? 1 : 0) + (drift != null ? 1 : 0);
        if (kinds != 1)
            throw new IllegalArgumentException(
                    "alert rule '" + name + "' needs exactly one of above, below, drift");
        if (drift != null && (drift.factor() <= 0 || drift.factor() == 1))
            throw new IllegalArgumentException(
                    "alert rule '" + name + "': drift must be > 0 and not 1");
        if (drift != null && drift.baselineMs() <= 0)
            throw new IllegalArgumentException(
                    "alert rule '" + name + "': a drift rule needs a baseline period");
        if (drift != null && drift.maxPValue() != null && !WindowMetric.isShare(metric))
            throw notSignificanceRule(name);
        keyKinds = keyKinds == null ? Set.of() : Set.copyOf(keyKinds);
    }

    /** Why a rule cannot have a significance limit: it is no drift rule on a rate. */
    static IllegalArgumentException notSignificanceRule(String name) {
        return new IllegalArgumentException(
                "alert rule '" + name + "': max_p_value applies to a drift rule on a rate");
    }

    public boolean isDrift() {
        return drift != null;
    }

    /**
     * The alert this rule raises on {@code row}, given the same key's earlier rows (any order, any
     * age).
     */
    public Optional<Alert> check(WindowRow row, List<WindowRow> earlier) {
        if (!keyKinds.isEmpty() && !keyKinds.contains(row.keyKind())) return Optional.empty();
        if (WindowMetric.sampleSize(row, metric) < minEvents) return Optional.empty();
        Double value = WindowMetric.valueOf(row, metric);
        if (value == null) return Optional.empty();
        if (above != null)
            return value > above
                    ? Optional.of(alert(row, value, above, null, "above " + number(above)))
                    : Optional.empty();
        if (below != null)
            return value < below
                    ? Optional.of(alert(row, value, below, null, "below " + number(below)))
                    : Optional.empty();
        List<Double> trailing =
                earlier.stream()
                        .filter(
                                r ->
                                        r.windowEndMs() <= row.windowStartMs()
                                                && r.windowEndMs()
                                                        > row.windowStartMs() - drift.baselineMs())
                        .filter(r -> WindowMetric.sampleSize(r, metric) >= minEvents)
                        .map(r -> WindowMetric.valueOf(r, metric))
                        .filter(v -> v != null)
                        .toList();
        if (trailing.size() < drift.minBaselineWindows()) return Optional.empty();
        double baseline =
                trailing.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double threshold = drift.factor() * baseline;
        boolean rising = drift.factor() > 1;
        double minDelta = drift.minDelta();
        boolean fired =
                rising
                        ? value >= threshold && value - baseline >= minDelta && value > baseline
                        : value <= threshold && baseline - value >= minDelta && value < baseline;
        if (!fired) return Optional.empty();
        String significance = "";
        if (drift.maxPValue() != null) {
            double p =
                    Binomial.tail(row.events(), Math.round(value * row.events()), baseline, rising);
            if (p > drift.maxPValue()) return Optional.empty();
            significance = String.format(Locale.ROOT, ", binomial p = %.2g", p);
        }
        String ratio = baseline == 0 ? "up from" : number(value / baseline) + "×";
        return Optional.of(
                alert(
                        row,
                        value,
                        threshold,
                        baseline,
                        String.format(
                                Locale.ROOT,
                                "%s the trailing baseline %s of %d window(s); rule %s×%s",
                                ratio,
                                number(baseline),
                                trailing.size(),
                                number(drift.factor()),
                                significance)));
    }

    private Alert alert(
            WindowRow row, double value, double threshold, Double baseline, String why) {
        String message =
                String.format(
                        Locale.ROOT,
                        "%s %s = %s (%s) in %s %s, %d event(s)",
                        name,
                        metric,
                        number(value),
                        why,
                        row.keyKind(),
                        row.key(),
                        row.events());
        return Alert.on(row, name, metric, value, threshold, baseline, message);
    }

    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e12
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3g", v);
    }
}
