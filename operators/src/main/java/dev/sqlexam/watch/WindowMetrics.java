package dev.sqlexam.watch;

import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.WindowRow;

import com.tdunning.math.stats.MergingDigest;
import com.tdunning.math.stats.TDigest;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a window keeps of its events: counts and one t-digest of the app's latencies, so that
 * windows merge.
 */
public final class WindowMetrics implements Serializable {

    static final int TOP_SQLSTATES = 5;
    private static final double COMPRESSION = 100;

    private long events;
    private final TreeMap<String, Long> outcomes = new TreeMap<>();
    private final TreeMap<String, Long> sqlstates = new TreeMap<>();
    private TDigest latency = new MergingDigest(COMPRESSION);
    private long latencies;
    private long lintWarned;
    private long empty;
    private long graded;
    private long correct;
    private long blocked;
    private long up;
    private long down;
    private long recallChecked;
    private double recallSum;
    private long shadowCompared;
    private long shadowAgreed;

    public WindowMetrics add(EventEvaluation e) {
        events++;
        outcomes.merge(e.outcomeClass(), 1L, Long::sum);
        if (e.sqlstate() != null) sqlstates.merge(e.sqlstate(), 1L, Long::sum);
        if (e.latencyMs() != null) {
            latency.add(e.latencyMs());
            latencies++;
        }
        if (!e.lintWarnings().isEmpty()) lintWarned++;
        if (EventEvaluator.EMPTY_RESULT.equals(e.outcomeClass())) empty++;
        if (e.graded()) {
            graded++;
            if (e.correct()) correct++;
        }
        if (e.blocked()) blocked++;
        if ("up".equalsIgnoreCase(e.feedback())) up++;
        if ("down".equalsIgnoreCase(e.feedback())) down++;
        if (e.retrieval() != null && e.retrieval().recall() != null) {
            recallChecked++;
            recallSum += e.retrieval().recall();
        }
        return this;
    }

    /**
     * A shadow comparison of one of the window's events (not itself an event of the window's
     * counts).
     */
    public WindowMetrics addShadow(boolean agreed) {
        shadowCompared++;
        if (agreed) shadowAgreed++;
        return this;
    }

    public WindowMetrics merge(WindowMetrics o) {
        events += o.events;
        o.outcomes.forEach((k, v) -> outcomes.merge(k, v, Long::sum));
        o.sqlstates.forEach((k, v) -> sqlstates.merge(k, v, Long::sum));
        if (o.latencies > 0) {
            TDigest merged = new MergingDigest(COMPRESSION);
            merged.add(latency);
            merged.add(o.latency);
            latency = merged;
        }
        latencies += o.latencies;
        lintWarned += o.lintWarned;
        empty += o.empty;
        graded += o.graded;
        correct += o.correct;
        blocked += o.blocked;
        up += o.up;
        down += o.down;
        recallChecked += o.recallChecked;
        recallSum += o.recallSum;
        shadowCompared += o.shadowCompared;
        shadowAgreed += o.shadowAgreed;
        return this;
    }

    public WindowRow row(long startMs, long endMs, String keyKind, String key) {
        Map<String, Double> rates = new LinkedHashMap<>();
        if (events > 0) outcomes.forEach((k, v) -> rates.put(k, (double) v / events));
        List<WindowRow.SqlstateCount> top =
                sqlstates.entrySet().stream()
                        .sorted(
                                Map.Entry.<String, Long>comparingByValue()
                                        .reversed()
                                        .thenComparing(Map.Entry.comparingByKey()))
                        .limit(TOP_SQLSTATES)
                        .map(e -> new WindowRow.SqlstateCount(e.getKey(), e.getValue()))
                        .toList();
        long errors =
                outcomes.entrySet().stream()
                        .filter(e -> isError(e.getKey()))
                        .mapToLong(Map.Entry::getValue)
                        .sum();
        return WindowRow.of(startMs, endMs, keyKind, key)
                .events(events)
                .errorRate(events == 0 ? 0 : (double) errors / events)
                .outcomeRates(rates)
                .topSqlstates(top)
                .latency(
                        latencies == 0 ? null : latency.quantile(0.5),
                        latencies == 0 ? null : latency.quantile(0.95))
                .lintWarningRate(events == 0 ? 0 : (double) lintWarned / events)
                .emptyResultRate(events == 0 ? 0 : (double) empty / events)
                .graded(graded, graded == 0 ? null : (double) correct / graded)
                .blocked(blocked)
                .feedback(up, down)
                .retrieval(recallChecked, recallChecked == 0 ? null : recallSum / recallChecked)
                .shadow(
                        shadowCompared,
                        shadowCompared == 0 ? null : (double) shadowAgreed / shadowCompared)
                .build();
    }

    static boolean isError(String outcomeClass) {
        return !EventEvaluator.OK.equals(outcomeClass)
                && !EventEvaluator.EMPTY_RESULT.equals(outcomeClass)
                && !EventEvaluator.NOT_EVALUATED.equals(outcomeClass);
    }
}
