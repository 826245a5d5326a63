package dev.sqlexam.grading;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rows compared as the benchmarks' Python evaluators compare the tuples {@code sqlite3} returns:
 * {@code 1 == 1.0} (an integer and a float are equal when their values are, exactly), {@code '1' !=
 * 1}, {@code None == None}, bytes never equal to text. Values are those {@link
 * dev.sqlexam.sql.SqliteQueries} reads: {@code BigDecimal} integers, {@code Double} floats, {@code
 * String} text, blobs, null.
 */
public final class PythonRows {

    private PythonRows() {}

    /** A value as Python's {@code ==} and {@code hash} see it. */
    static Object key(Object v) {
        if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) return d;
            return new BigDecimal(d).stripTrailingZeros();
        }
        if (v instanceof BigDecimal b) return b.stripTrailingZeros();
        if (v instanceof Number n) return new BigDecimal(n.toString()).stripTrailingZeros();
        return v;
    }

    static List<Object> keys(List<Object> row) {
        List<Object> out = new ArrayList<>(row.size());
        for (Object v : row) out.add(key(v));
        return out;
    }

    static List<List<Object>> keyRows(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (List<Object> r : rows) out.add(keys(r));
        return out;
    }

    /** BIRD's evaluation: {@code set(predicted) == set(gold)}. */
    public static boolean sameSet(List<List<Object>> predicted, List<List<Object>> gold) {
        if (predicted.equals(gold)) return true;
        return new HashSet<>(keyRows(predicted)).equals(new HashSet<>(keyRows(gold)));
    }

    /**
     * test-suite-sql-eval's {@code result_eq(gold, predicted, order_matters)}: the same bag of rows
     * (the same list where order matters) under some permutation of the predicted columns.
     */
    public static boolean resultEq(
            List<List<Object>> gold, List<List<Object>> predicted, boolean orderMatters) {
        if (gold.isEmpty() && predicted.isEmpty()) return true;
        if (gold.size() != predicted.size()) return false;
        int columns = gold.get(0).size();
        if (predicted.get(0).size() != columns) return false;
        // the same values in the same order: equal under any rule (the common case, and cheap)
        if (gold.equals(predicted)) return true;
        List<List<Object>> g = keyRows(gold);
        List<List<Object>> p = keyRows(predicted);
        if (!quickRejectPasses(gold, predicted, g, p, orderMatters)) return false;
        List<Set<Object>> goldColumns = new ArrayList<>(columns);
        for (int c = 0; c < columns; c++) {
            Set<Object> values = new HashSet<>();
            for (List<Object> row : g) values.add(row.get(c));
            goldColumns.add(values);
        }
        // the columns of the prediction each gold column may take: its values all among the
        // gold column's (the official script samples rows for this; every row prunes no less)
        List<List<Integer>> allowed = new ArrayList<>(columns);
        for (int gc = 0; gc < columns; gc++) {
            List<Integer> candidates = new ArrayList<>();
            for (int pc = 0; pc < columns; pc++) {
                boolean fits = true;
                for (List<Object> row : p) {
                    if (!goldColumns.get(gc).contains(row.get(pc))) {
                        fits = false;
                        break;
                    }
                }
                if (fits) candidates.add(pc);
            }
            if (candidates.isEmpty()) return false;
            allowed.add(candidates);
        }
        return search(g, p, orderMatters, allowed, new int[columns], new boolean[columns], 0);
    }

    private static boolean search(
            List<List<Object>> g,
            List<List<Object>> p,
            boolean orderMatters,
            List<List<Integer>> allowed,
            int[] perm,
            boolean[] used,
            int column) {
        if (column == perm.length) return matches(g, permuted(p, perm), orderMatters);
        for (int pc : allowed.get(column)) {
            if (used[pc]) continue;
            used[pc] = true;
            perm[column] = pc;
            if (search(g, p, orderMatters, allowed, perm, used, column + 1)) return true;
            used[pc] = false;
        }
        return false;
    }

    private static List<List<Object>> permuted(List<List<Object>> rows, int[] perm) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            List<Object> r = new ArrayList<>(perm.length);
            for (int i : perm) r.add(row.get(i));
            out.add(r);
        }
        return out;
    }

    private static boolean matches(
            List<List<Object>> g, List<List<Object>> p, boolean orderMatters) {
        if (orderMatters) return g.equals(p);
        return new HashSet<>(g).equals(new HashSet<>(p)) && sameBag(g, p);
    }

    private static boolean sameBag(List<List<Object>> a, List<List<Object>> b) {
        if (a.size() != b.size()) return false;
        Map<List<Object>, Integer> counts = new HashMap<>();
        for (List<Object> r : a) counts.merge(r, 1, Integer::sum);
        for (List<Object> r : b) {
            Integer n = counts.get(r);
            if (n == null || n == 0) return false;
            counts.put(r, n - 1);
        }
        return true;
    }

    /**
     * {@code quick_rej}: each row's values sorted by {@code str(x) + str(type(x))}, then the lists
     * (order matters) or the sets of those rows compared.
     */
    private static boolean quickRejectPasses(
            List<List<Object>> gold,
            List<List<Object>> predicted,
            List<List<Object>> g,
            List<List<Object>> p,
            boolean orderMatters) {
        List<List<Object>> s1 = new ArrayList<>(g.size());
        List<List<Object>> s2 = new ArrayList<>(p.size());
        Map<Object, String> sortKeys = new HashMap<>();
        for (int i = 0; i < g.size(); i++) s1.add(unordered(gold.get(i), g.get(i), sortKeys));
        for (int i = 0; i < p.size(); i++) s2.add(unordered(predicted.get(i), p.get(i), sortKeys));
        return orderMatters ? s1.equals(s2) : new HashSet<>(s1).equals(new HashSet<>(s2));
    }

    private static List<Object> unordered(
            List<Object> values, List<Object> keys, Map<Object, String> known) {
        if (values.size() == 1) return keys;
        List<Integer> idx = new ArrayList<>(values.size());
        List<String> sortKeys = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            idx.add(i);
            Object v = values.get(i);
            sortKeys.add(v == null ? sortKey(null) : known.computeIfAbsent(v, PythonRows::sortKey));
        }
        idx.sort(Comparator.comparing(sortKeys::get, PythonRows::compareCodePoints));
        List<Object> out = new ArrayList<>(values.size());
        for (int i : idx) out.add(keys.get(i));
        return out;
    }

    /** {@code str(x) + str(type(x))}. */
    static String sortKey(Object v) {
        if (v == null) return "None<class 'NoneType'>";
        if (v instanceof Double d) return floatRepr(d) + "<class 'float'>";
        if (v instanceof BigDecimal b) return b.toPlainString() + "<class 'int'>";
        if (v instanceof Number n) return n + "<class 'int'>";
        if (v instanceof String s) return s + "<class 'str'>";
        return "b'" + v + "'<class 'bytes'>";
    }

    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) return Integer.compare(ca, cb);
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** Python's {@code repr(float)}: the shortest digits, fixed between 1e-4 and 1e16. */
    static String floatRepr(double d) {
        if (Double.isNaN(d)) return "nan";
        if (Double.isInfinite(d)) return d > 0 ? "inf" : "-inf";
        String sign = (d < 0 || (d == 0 && 1 / d < 0)) ? "-" : "";
        double a = Math.abs(d);
        if (a == 0) return sign + "0.0";
        BigDecimal exact = new BigDecimal(Double.toString(a)).stripTrailingZeros();
        String digits = exact.unscaledValue().toString();
        int decpt = digits.length() - exact.scale();
        String body;
        if (decpt <= -4 || decpt > 16) {
            String mantissa =
                    digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            int exp = decpt - 1;
            String e = String.valueOf(Math.abs(exp));
            body = mantissa + "e" + (exp < 0 ? "-" : "+") + (e.length() < 2 ? "0" + e : e);
        } else if (decpt <= 0) {
            body = "0." + "0".repeat(-decpt) + digits;
        } else if (decpt >= digits.length()) {
            body = digits + "0".repeat(decpt - digits.length()) + ".0";
        } else {
            body = digits.substring(0, decpt) + "." + digits.substring(decpt);
        }
        return sign + body;
    }
}
