package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.Column;
import dev.sqlexam.suite.SuiteSchema.Table;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The rows a table gets for the golds' conditions ({@link GoldConstants#groups}), as column index →
 * value: a row that meets all of one gold's conditions on the table, the rows beside it (one
 * condition just missed), and a far row that meets them while its other columns sit at their edges
 * (NULL, the oldest date, a negative, the empty string), so that a condition only a prediction adds
 * (hired since 2016, a budget above 0, a manager not NULL) has a row to drop.
 */
final class GroupRows {

    /**
     * At most this many rows of a table meet a group or sit beside it; at most this many more are
     * far rows.
     */
    private static final int MAX_ROWS = 60;

    private static final int MAX_FAR = 30;
    private static final String NULL = GoldConstants.NULL;

    private GroupRows() {}

    /**
     * The rows' values, shuffled; {@code repeats}: the profile's repeat rate (a group's row twice,
     * as often).
     */
    static List<Map<Integer, String>> of(
            Table table,
            List<Map<String, String>> together,
            Map<String, ColumnValues> values,
            Random random,
            double repeats) {
        List<Map<Integer, String>> out = new ArrayList<>();
        int far = 0;
        // more groups than rows: each candidate meets another share of them
        List<Map<String, String>> groups = new ArrayList<>(together);
        Collections.shuffle(groups, random);
        for (Map<String, String> group : groups) {
            if (out.size() >= MAX_ROWS + MAX_FAR) break;
            Map<Integer, String> exact = exact(table, group);
            if (exact.isEmpty()) continue;
            if (far < MAX_FAR && random.nextBoolean()) {
                Map<Integer, String> edges = farRow(table, exact, values, random);
                if (edges.size() > exact.size()) {
                    out.add(edges);
                    far++;
                }
            }
            // one condition alone: the constant cycle puts it in rows already
            if (exact.size() < 2 && !exact.containsValue(NULL) || out.size() - far >= MAX_ROWS)
                continue;
            // now and then only the rows beside it: a prediction's <= that finds the nearest row
            // where the gold's = finds none
            boolean besideOnly = random.nextDouble() < 0.2;
            if (!besideOnly) out.add(exact);
            // twice, the same row (keys aside): rows meeting every condition of a gold that repeat,
            // for a DISTINCT it lacks
            if (!besideOnly && random.nextDouble() < Math.min(0.6, repeats * 3)) out.add(exact);
            for (var e : exact.entrySet()) {
                if (NULL.equals(e.getValue())) continue;
                for (String beside :
                        ColumnValues.around(table.columns().get(e.getKey()), e.getValue())) {
                    String fitted = ColumnValues.fit(table.columns().get(e.getKey()), beside);
                    if (fitted == null || fitted.equals(e.getValue())) continue;
                    Map<Integer, String> variant = new LinkedHashMap<>(exact);
                    variant.put(e.getKey(), fitted);
                    out.add(variant);
                }
            }
        }
        Collections.shuffle(out, random);
        return out;
    }

    /**
     * {@code exact} with about half of the table's other plain columns (no key, no reference) at an
     * edge of their values.
     */
    private static Map<Integer, String> farRow(
            Table table,
            Map<Integer, String> exact,
            Map<String, ColumnValues> values,
            Random random) {
        Map<Integer, String> out = new LinkedHashMap<>(exact);
        for (int i = 0; i < table.columns().size(); i++) {
            Column c = table.columns().get(i);
            if (exact.containsKey(i)
                    || !c.insertable()
                    || !RowReferences.plain(table, c.name())
                    || random.nextBoolean()) continue;
            ColumnValues v = values.get(c.name());
            String edge = v == null ? null : v.extreme(random);
            if (edge != null) out.put(i, edge);
        }
        return out;
    }

    /**
     * A group's values on this table's columns (insertable, as they can store them), by column
     * index.
     */
    static Map<Integer, String> exact(Table table, Map<String, String> group) {
        Map<String, Integer> firstByLowerName = new HashMap<>();
        for (int k = 0; k < table.columns().size(); k++)
            firstByLowerName.putIfAbsent(table.columns().get(k).name().toLowerCase(Locale.ROOT), k);
        Map<Integer, String> exact = new LinkedHashMap<>();
        group.forEach(
                (name, value) -> {
                    int i = firstByLowerName.getOrDefault(name, -1);
                    if (i < 0 || !table.columns().get(i).insertable()) return;
                    String fitted =
                            NULL.equals(value)
                                    ? (table.columns().get(i).nullable() ? NULL : null)
                                    : ColumnValues.fit(table.columns().get(i), value);
                    if (fitted != null) exact.put(i, fitted);
                });
        return exact;
    }

    /**
     * The column pairs of {@code pairs} both in this table and generated here (not references), by
     * index.
     */
    static List<int[]> compared(Table table, Set<List<String>> pairs) {
        Map<String, Integer> byLowerName = new HashMap<>();
        for (int i = 0; i < table.columns().size(); i++)
            byLowerName.put(table.columns().get(i).name().toLowerCase(Locale.ROOT), i);
        List<int[]> out = new ArrayList<>();
        for (List<String> p : pairs) {
            Integer a = byLowerName.get(p.get(0));
            Integer b = byLowerName.get(p.get(1));
            if (a == null
                    || b == null
                    || !table.columns().get(b).insertable()
                    || RowReferences.isReference(table, table.columns().get(b).name())) continue;
            if (table.columns().get(a).family() != table.columns().get(b).family()) continue;
            out.add(new int[] {a, b});
        }
        return out;
    }

    /**
     * Sometimes gives the second column of a compared pair the first's value, or one just beside
     * it.
     */
    static void closeTogether(String[] row, int[] pair, List<Column> columns, Random random) {
        double r = random.nextDouble();
        String first = row[pair[0]];
        if (first == null || r >= 0.45) return;
        Column second = columns.get(pair[1]);
        if (r < 0.25) {
            String same = ColumnValues.fit(second, first);
            if (same != null) row[pair[1]] = same;
            return;
        }
        List<String> beside = ColumnValues.around(second, first);
        if (beside.isEmpty()) return;
        String near = ColumnValues.fit(second, beside.get(random.nextInt(beside.size())));
        if (near != null) row[pair[1]] = near;
    }
}
