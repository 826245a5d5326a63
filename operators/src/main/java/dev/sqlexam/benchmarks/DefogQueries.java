package dev.sqlexam.benchmarks;

import java.util.ArrayList;
import java.util.List;

/**
 * defog sql-eval's gold notation, expanded as its {@code get_all_minimal_queries} does: answers
 * separated by {@code ;} are alternatives, and the first {@code {a, b, ...}} of an answer stands
 * for every non-empty subset of its columns, in order (a, b, then a, b), with {@code GROUP BY {}}
 * following the chosen columns.
 */
public final class DefogQueries {

    private DefogQueries() {}

    public static List<String> expand(String query) {
        List<String> out = new ArrayList<>();
        for (String part : query.split(";")) {
            String q = part.strip();
            if (q.isEmpty()) continue;
            int start = q.indexOf('{');
            int end = start < 0 ? -1 : q.indexOf('}', start);
            if (start < 0 || end < 0 || end == start + 1) {
                out.add(q);
                continue;
            }
            List<String> options = new ArrayList<>();
            for (String o : q.substring(start + 1, end).split(",")) options.add(o.strip());
            String left = q.substring(0, start);
            String right = q.substring(end + 1);
            for (List<String> subset : subsets(options)) {
                String columns = String.join(", ", subset);
                out.add(left + columns + right.replace("GROUP BY {}", "GROUP BY " + columns));
            }
        }
        return out;
    }

    /**
     * Python's chain(combinations(options, r) for r in 1..n): by size, then in lexicographic index
     * order.
     */
    static List<List<String>> subsets(List<String> options) {
        List<List<String>> out = new ArrayList<>();
        for (int r = 1; r <= options.size(); r++)
            combinations(options, r, 0, new ArrayList<>(), out);
        return out;
    }

    private static void combinations(
            List<String> options, int r, int from, List<String> current, List<List<String>> out) {
        if (current.size() == r) {
            out.add(new ArrayList<>(current));
            return;
        }
        for (int i = from; i < options.size(); i++) {
            current.add(options.get(i));
            combinations(options, r, i + 1, current, out);
            current.remove(current.size() - 1);
        }
    }
}
