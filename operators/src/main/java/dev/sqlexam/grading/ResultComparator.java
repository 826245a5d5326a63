package dev.sqlexam.grading;

import dev.sqlexam.model.GradeReason;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryResult;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compares a predicted result with a gold result the way test-suite evaluation does: rows as a
 * multiset (bag), column names ignored, column order free but rows matched whole under one column
 * mapping, order checked only when the gold orders its rows (ties on the ORDER BY keys may come in
 * any order). Strict mode wants the same column count; lenient mode allows extra predicted columns.
 */
public final class ResultComparator {

    /** How many column mappings to try before giving up; test-suite evaluation caps this too. */
    static final int DEFAULT_MAX_MAPPINGS = 20_000;

    /** Above this many rows the quadratic tolerance matching is not attempted. */
    private static final int GREEDY_LIMIT = 3_000;

    private final Tolerance tolerance;
    private final int maxMappings;

    public ResultComparator(Tolerance tolerance) {
        this(tolerance, DEFAULT_MAX_MAPPINGS);
    }

    ResultComparator(Tolerance tolerance, int maxMappings) {
        this.tolerance = tolerance;
        this.maxMappings = maxMappings;
    }

    /** A comparison's outcome and a sentence that explains it. */
    public record Comparison(GradeReason reason, String detail) {
        public boolean correct() {
            return reason.correct();
        }
    }

    public Comparison compare(
            QueryResult gold, QueryResult pred, OrderSpec order, boolean allowExtraColumns) {
        if (gold.truncated() || pred.truncated()) {
            return new Comparison(
                    GradeReason.ROW_CAP_EXCEEDED,
                    (gold.truncated() ? "gold" : "prediction")
                            + " result exceeds the row cap; not compared");
        }
        int g = gold.columnCount();
        int p = pred.columnCount();
        if (p < g || (!allowExtraColumns && p != g)) {
            return new Comparison(
                    GradeReason.COLUMN_COUNT_MISMATCH,
                    "gold has " + g + " columns, prediction " + p);
        }
        if (gold.rowCount() != pred.rowCount()) {
            return new Comparison(
                    GradeReason.ROW_COUNT_MISMATCH,
                    "gold has " + gold.rowCount() + " rows, prediction " + pred.rowCount());
        }
        if (gold.rowCount() == 0)
            return new Comparison(GradeReason.MATCH_EMPTY, "both results are empty");
        // the same values in the same order (most right answers): the identity mapping, tried
        // first below, would match them, in whatever order the gold requires
        if (p == g && gold.rows().equals(pred.rows())) {
            return new Comparison(
                    GradeReason.MATCH,
                    order.ordered()
                            ? "same rows in the required order"
                            : "same rows in the same order");
        }

        boolean[][] fits = columnFits(gold, pred);
        for (int i = 0; i < g; i++) {
            boolean any = false;
            for (int j = 0; j < p; j++) any |= fits[i][j];
            if (!any) {
                return new Comparison(
                        GradeReason.VALUE_MISMATCH,
                        "no predicted column holds the values of gold column "
                                + (i + 1)
                                + " ("
                                + gold.columnNames().get(i)
                                + ")");
            }
        }
        MappingSearch search = new MappingSearch(gold, pred, order, fits);
        search.run(0, new int[g], new boolean[p]);
        if (search.matched != null) return search.matched;
        if (search.orderOnly) {
            return new Comparison(
                    GradeReason.ORDER_MISMATCH,
                    "same rows, but not in the order the gold's ORDER BY requires"
                            + (order.keysUnreadable() == null
                                    ? ""
                                    : "; rows tying on its keys could not be recognised: "
                                            + order.keysUnreadable()));
        }
        String capped =
                search.tried >= maxMappings
                        ? " (stopped after " + maxMappings + " column mappings)"
                        : "";
        return new Comparison(GradeReason.VALUE_MISMATCH, "same shape, different rows" + capped);
    }

    /** fits[i][j]: gold column i and predicted column j hold the same multiset of values. */
    boolean[][] columnFits(QueryResult gold, QueryResult pred) {
        List<List<Object>> goldColumns = sortedColumns(gold);
        List<List<Object>> predColumns = sortedColumns(pred);
        boolean[][] fits = new boolean[gold.columnCount()][pred.columnCount()];
        for (int i = 0; i < fits.length; i++) {
            for (int j = 0; j < fits[i].length; j++) {
                fits[i][j] =
                        sortedEqual(goldColumns.get(i), predColumns.get(j))
                                || bagEqual(wrap(goldColumns.get(i)), wrap(predColumns.get(j)));
            }
        }
        return fits;
    }

    /**
     * BIRD's comparison: {@code set(pred) == set(gold)} over row tuples in column order. Numbers
     * compare by value (4 = 4.0, as in Python), nothing else is tolerant.
     */
    public static boolean sameRowSet(QueryResult gold, QueryResult pred) {
        if (gold.rows().equals(pred.rows())) return true;
        java.util.Set<List<Object>> goldRows = new java.util.HashSet<>();
        for (List<Object> row : gold.rows()) goldRows.add(rowKey(row));
        // the predicted rows seen so far are all gold rows, so the sets are equal when every gold
        // row was seen; the first row outside the gold's settles it without reading the rest
        java.util.Set<List<Object>> seen = new java.util.HashSet<>();
        for (List<Object> row : pred.rows()) {
            List<Object> key = rowKey(row);
            if (!goldRows.contains(key)) return false;
            seen.add(key);
        }
        return seen.size() == goldRows.size();
    }

    private static List<Object> rowKey(List<Object> row) {
        List<Object> key = new ArrayList<>(row.size());
        for (Object v : row) {
            key.add(
                    v instanceof Double d && Double.isFinite(d)
                            ? java.math.BigDecimal.valueOf(d).stripTrailingZeros()
                            : v instanceof java.math.BigDecimal b
                                    ? (b.signum() == 0
                                            ? java.math.BigDecimal.ZERO
                                            : b.stripTrailingZeros())
                                    : v);
        }
        return key;
    }

    private static List<List<Object>> sortedColumns(QueryResult result) {
        List<List<Object>> columns = new ArrayList<>();
        for (int c = 0; c < result.columnCount(); c++) {
            List<Object> values = new ArrayList<>(result.rowCount());
            for (List<Object> row : result.rows()) values.add(row.get(c));
            values.sort(Tolerance.VALUE_ORDER);
            columns.add(values);
        }
        return columns;
    }

    private boolean sortedEqual(List<Object> a, List<Object> b) {
        for (int k = 0; k < a.size(); k++) {
            if (!tolerance.valuesEqual(a.get(k), b.get(k))) return false;
        }
        return true;
    }

    private static List<List<Object>> wrap(List<Object> values) {
        List<List<Object>> rows = new ArrayList<>(values.size());
        for (Object v : values) rows.add(Arrays.asList(v));
        return rows;
    }

    /** Multiset equality of rows under the tolerance. */
    boolean bagEqual(List<List<Object>> a, List<List<Object>> b) {
        if (a.size() != b.size()) return false;
        List<List<Object>> sa = new ArrayList<>(a);
        List<List<Object>> sb = new ArrayList<>(b);
        sa.sort(Tolerance.ROW_ORDER);
        sb.sort(Tolerance.ROW_ORDER);
        boolean sortedMatch = true;
        for (int k = 0; k < sa.size() && sortedMatch; k++)
            sortedMatch = tolerance.rowsEqual(sa.get(k), sb.get(k));
        if (sortedMatch) return true;
        // Nearly equal fractions can sort differently on the two sides; match them pairwise.
        if (!hasFractions(sa) || sa.size() > GREEDY_LIMIT) return false;
        boolean[] used = new boolean[sb.size()];
        for (List<Object> row : sa) {
            int found = -1;
            for (int k = 0; k < sb.size() && found < 0; k++) {
                if (!used[k] && tolerance.rowsEqual(row, sb.get(k))) found = k;
            }
            if (found < 0) return false;
            used[found] = true;
        }
        return true;
    }

    private static boolean hasFractions(List<List<Object>> rows) {
        for (List<Object> row : rows) {
            for (Object v : row) {
                if (v instanceof Double) return true;
                if (v instanceof BigDecimal d && !Tolerance.isIntegral(d)) return true;
            }
        }
        return false;
    }

    /**
     * Rows in gold order; with known keys, rows tying on every key may be permuted among
     * themselves.
     */
    boolean orderedEqual(List<List<Object>> gold, List<List<Object>> pred, OrderSpec order) {
        if (!order.keysKnown()) {
            for (int k = 0; k < gold.size(); k++) {
                if (!tolerance.rowsEqual(gold.get(k), pred.get(k))) return false;
            }
            return true;
        }
        int start = 0;
        while (start < gold.size()) {
            int end = start + 1;
            while (end < gold.size()
                    && sameKeys(gold.get(start), gold.get(end), order.keyColumns())) end++;
            if (!bagEqual(gold.subList(start, end), pred.subList(start, end))) return false;
            start = end;
        }
        return true;
    }

    private boolean sameKeys(List<Object> a, List<Object> b, List<Integer> keys) {
        for (int key : keys) {
            if (key >= a.size() || !tolerance.valuesEqual(a.get(key), b.get(key))) return false;
        }
        return true;
    }

    /** Depth-first search over injective column mappings gold → prediction, identity first. */
    private final class MappingSearch {
        private final QueryResult gold;
        private final QueryResult pred;
        private final OrderSpec order;
        private final boolean[][] fits;
        private Comparison matched;
        private boolean orderOnly;
        private int tried;

        MappingSearch(QueryResult gold, QueryResult pred, OrderSpec order, boolean[][] fits) {
            this.gold = gold;
            this.pred = pred;
            this.order = order;
            this.fits = fits;
        }

        void run(int column, int[] mapping, boolean[] used) {
            if (matched != null || tried >= maxMappings) return;
            if (column == mapping.length) {
                tried++;
                check(mapping);
                return;
            }
            int p = used.length;
            for (int step = 0; step < p; step++) {
                int j = (column + step) % p;
                if (used[j] || !fits[column][j]) continue;
                used[j] = true;
                mapping[column] = j;
                run(column + 1, mapping, used);
                used[j] = false;
                if (matched != null) return;
            }
        }

        private void check(int[] mapping) {
            List<List<Object>> projected = new ArrayList<>(pred.rowCount());
            for (List<Object> row : pred.rows()) {
                List<Object> out = new ArrayList<>(mapping.length);
                for (int j : mapping) out.add(row.get(j));
                projected.add(out);
            }
            if (!bagEqual(gold.rows(), projected)) return;
            boolean sameSequence = orderedEqual(gold.rows(), projected, OrderSpec.SEQUENCE);
            if (!order.ordered()) {
                matched =
                        sameSequence
                                ? new Comparison(GradeReason.MATCH, "same rows in the same order")
                                : new Comparison(
                                        GradeReason.MATCH_UNORDERED,
                                        "same rows; order not required by the gold");
            } else if (orderedEqual(gold.rows(), projected, order)) {
                matched =
                        new Comparison(
                                GradeReason.MATCH,
                                sameSequence
                                        ? "same rows in the required order"
                                        : "same rows in the required order (ties permuted)");
            } else {
                orderOnly = true;
            }
        }
    }
}
