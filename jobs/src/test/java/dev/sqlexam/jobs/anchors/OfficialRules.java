package dev.sqlexam.jobs.anchors;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The comparison rules of the three evaluators users come from, written from what their public
 * scripts do (not from their code): BIRD's evaluation.py, test-suite-sql-eval's exec match on one
 * database, defog sql-eval's compare_query_results. Values are normalised as the Python drivers
 * hand them over and compared as Python compares them: a number equals a number of the same value
 * whatever its type (1 == 1.0 == Decimal('1.00'), True == 1), an exact binary float is not rounded
 * to a decimal one, None equals None.
 */
final class OfficialRules {

    /** A query's result: column names and rows, each row's values normalised. */
    record Result(List<String> columns, List<List<Object>> rows) {}

    private OfficialRules() {}

    static Object value(Object v) {
        if (v instanceof Boolean b) return b ? BigDecimal.ONE : BigDecimal.ZERO;
        if (v instanceof BigDecimal d)
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        if (v instanceof Double d)
            return d.isNaN() || d.isInfinite() ? d : canonical(new BigDecimal(d));
        if (v instanceof Float f) return canonical(new BigDecimal(f.doubleValue()));
        if (v instanceof Number n) return canonical(BigDecimal.valueOf(n.longValue()));
        return v;
    }

    private static BigDecimal canonical(BigDecimal d) {
        return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    }

    /** BIRD: {@code set(predicted_res) == set(ground_truth_res)}. */
    static boolean bird(Result gold, Result pred) {
        return new HashSet<>(gold.rows()).equals(new HashSet<>(pred.rows()));
    }

    /**
     * test-suite-sql-eval's {@code result_eq}: both empty is a match; then the same row and column
     * counts, and some permutation of the prediction's columns under which the rows are equal as
     * lists ({@code order by} in the gold) or as multisets.
     */
    static boolean spider(Result gold, Result pred, String goldSql) {
        boolean orderMatters = goldSql.toLowerCase(java.util.Locale.ROOT).contains("order by");
        List<List<Object>> a = gold.rows();
        List<List<Object>> b = pred.rows();
        if (a.isEmpty() && b.isEmpty()) return true;
        if (a.size() != b.size()) return false;
        int n = a.get(0).size();
        if (b.get(0).size() != n) return false;
        List<List<Integer>> candidates = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Integer> fits = new ArrayList<>();
            Map<Object, Integer> column = bag(a, i);
            for (int j = 0; j < n; j++) if (column.equals(bag(b, j))) fits.add(j);
            if (fits.isEmpty()) return false;
            candidates.add(fits);
        }
        return permutation(candidates, new int[n], new boolean[n], 0, a, b, orderMatters);
    }

    private static boolean permutation(
            List<List<Integer>> candidates,
            int[] perm,
            boolean[] used,
            int i,
            List<List<Object>> a,
            List<List<Object>> b,
            boolean ordered) {
        if (i == perm.length) {
            List<List<Object>> permuted =
                    b.stream().map(row -> Arrays.stream(perm).mapToObj(row::get).toList()).toList();
            return ordered ? a.equals(permuted) : multiset(a).equals(multiset(permuted));
        }
        for (int j : candidates.get(i)) {
            if (used[j]) continue;
            used[j] = true;
            perm[i] = j;
            if (permutation(candidates, perm, used, i + 1, a, b, ordered)) return true;
            used[j] = false;
        }
        return false;
    }

    /**
     * defog sql-eval: the prediction is correct when its result equals the gold's, or when the
     * gold's result is a "subset" of it: every gold column matched, in turn, to a distinct
     * prediction column holding the same values once both are sorted, and the prediction's matched
     * columns then holding the gold's rows. Frames are normalised before comparing: duplicate rows
     * dropped, rows sorted by their values (its ORDER BY handling re-sorts by the ordered columns
     * and then every other column, so an order is checked only in direction), floats within pandas'
     * default relative tolerance of 1e-5 in the subset check. An empty gold is never a subset.
     */
    static boolean defog(Result gold, Result pred) {
        if (framesEqual(gold, pred)) return true;
        if (gold.rows().isEmpty() || gold.columns().isEmpty()) return false;
        if (gold.rows().size() != pred.rows().size()) return false;
        List<Integer> matched = new ArrayList<>();
        for (int g = 0; g < gold.columns().size(); g++) {
            List<Object> goldColumn = sortedColumn(gold.rows(), g);
            Integer found = null;
            for (int p = 0; p < pred.columns().size() && found == null; p++) {
                if (!matched.contains(p) && close(goldColumn, sortedColumn(pred.rows(), p)))
                    found = p;
            }
            if (found == null) return false;
            matched.add(found);
        }
        List<List<Object>> projected =
                pred.rows().stream().map(row -> matched.stream().map(row::get).toList()).toList();
        List<List<Object>> a = normalised(gold.rows());
        List<List<Object>> b = normalised(projected);
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (!close(a.get(i), b.get(i))) return false;
        return true;
    }

    /**
     * compare_df: the frames equal as returned, or after normalising (columns sorted by name,
     * duplicates dropped, rows sorted).
     */
    private static boolean framesEqual(Result gold, Result pred) {
        if (gold.columns().size() != pred.columns().size()) return false;
        if (gold.rows().equals(pred.rows())) return true;
        return normalised(byColumnName(gold)).equals(normalised(byColumnName(pred)));
    }

    private static List<List<Object>> byColumnName(Result r) {
        Integer[] order = new Integer[r.columns().size()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparing(r.columns()::get));
        return r.rows().stream().map(row -> Arrays.stream(order).map(row::get).toList()).toList();
    }

    private static List<List<Object>> normalised(List<List<Object>> rows) {
        List<List<Object>> distinct = new ArrayList<>(new LinkedHashSet<>(rows));
        distinct.sort(OfficialRules::compareRows);
        return distinct;
    }

    private static List<Object> sortedColumn(List<List<Object>> rows, int i) {
        List<Object> column = new ArrayList<>();
        for (List<Object> row : rows) column.add(row.get(i));
        column.sort(OfficialRules::compareValues);
        return column;
    }

    private static boolean close(List<Object> a, List<Object> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            if (x instanceof BigDecimal p && y instanceof BigDecimal q) {
                double dx = p.doubleValue();
                double dy = q.doubleValue();
                if (Math.abs(dx - dy) > 1e-8 + 1e-5 * Math.abs(dy)) return false;
            } else if (!Objects.equals(x, y)) {
                return false;
            }
        }
        return true;
    }

    private static int compareRows(List<Object> a, List<Object> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compareValues(a.get(i), b.get(i));
            if (c != 0) return c;
        }
        return Integer.compare(a.size(), b.size());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareValues(Object a, Object b) {
        if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
        if (a.getClass() == b.getClass() && a instanceof Comparable c) return c.compareTo(b);
        return a.toString().compareTo(b.toString());
    }

    private static Map<Object, Integer> bag(List<List<Object>> rows, int column) {
        Map<Object, Integer> counts = new HashMap<>();
        for (List<Object> row : rows) counts.merge(row.get(column), 1, Integer::sum);
        return counts;
    }

    private static Map<List<Object>, Integer> multiset(List<List<Object>> rows) {
        Map<List<Object>, Integer> counts = new HashMap<>();
        for (List<Object> row : rows) counts.merge(row, 1, Integer::sum);
        return counts;
    }
}
