package dev.sqlexam.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Nearest-rank quantiles of measured durations, the one definition every table and chart of sqlexam
 * uses.
 */
public final class Quantiles {

    private Quantiles() {}

    /** The q-quantile (0..1) of {@code values} by nearest rank; 0 when there are none. */
    public static long nearestRank(List<Long> values, double q) {
        if (values.isEmpty()) return 0;
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return ofSorted(sorted, q);
    }

    /** The same, for values already in ascending order. */
    public static long ofSorted(List<Long> sorted, double q) {
        if (sorted.isEmpty()) return 0;
        int rank = (int) Math.ceil(q * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }
}
