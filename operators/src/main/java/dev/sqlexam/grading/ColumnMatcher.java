package dev.sqlexam.grading;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a gold column and a predicted one are the same: same name and a table that agrees (or one
 * side does not say which), once the prediction's tables put in the gold's tables' place are read
 * as those, and a column of a table only one query reads is read as the other's column of that name
 * (the table's own finding says what differs); or two columns both queries join as equal ({@code
 * GROUP BY T1.id} for {@code GROUP BY T2.singer_id} joined on them). Always asked gold first,
 * prediction second.
 */
final class ColumnMatcher {

    private final Map<String, String> goldTableOfPredicted;
    private final Set<String> missing;
    private final Set<String> extra;
    private final Map<String, String> classes = new HashMap<>();

    ColumnMatcher(TableComparison.Result tables) {
        this.goldTableOfPredicted = Map.copyOf(tables.goldTableOfPredicted());
        this.missing = tables.missing();
        this.extra = tables.extra();
    }

    /** The prediction's table as the gold names it. */
    String asGold(String predictedTable) {
        if (predictedTable == null) return null;
        String base = SqlNames.baseTable(predictedTable);
        return goldTableOfPredicted.getOrDefault(base, base)
                + predictedTable.substring(base.length());
    }

    ColumnRef asGold(ColumnRef predicted) {
        return new ColumnRef(asGold(predicted.table()), predicted.column(), predicted.level());
    }

    boolean same(ColumnRef gold, ColumnRef predicted) {
        String table = asGold(predicted.table());
        boolean unknown =
                unknown(gold.table())
                        || unknown(table)
                        || missing.contains(SqlNames.baseTable(gold.table()))
                        || extra.contains(SqlNames.baseTable(table));
        if (gold.column().equals(predicted.column()) && (unknown || gold.table().equals(table)))
            return true;
        if (unknown) return false;
        String a = root(gold.table() + "." + gold.column());
        return a.equals(root(table + "." + predicted.column()));
    }

    /** No table, or a derived table's or CTE's: where the column comes from is not known. */
    private static boolean unknown(String table) {
        return table == null || SqlNames.placeholder(table);
    }

    boolean same(CanonicalExpr gold, CanonicalExpr predicted) {
        return gold.template().equals(predicted.template())
                && sameColumns(gold.columns(), predicted.columns());
    }

    /** Same once aggregates are holes: what is outside them agrees. */
    boolean sameSkeleton(CanonicalExpr gold, CanonicalExpr predicted) {
        return gold.skeleton().equals(predicted.skeleton())
                && sameColumns(gold.skeletonColumns(), predicted.skeletonColumns());
    }

    private boolean sameColumns(List<ColumnRef> gold, List<ColumnRef> predicted) {
        if (gold.size() != predicted.size()) return false;
        for (int i = 0; i < gold.size(); i++)
            if (!same(gold.get(i), predicted.get(i))) return false;
        return true;
    }

    boolean sameOrBothNull(CanonicalExpr gold, CanonicalExpr predicted) {
        return gold == null ? predicted == null : predicted != null && same(gold, predicted);
    }

    /** Two gold columns both queries join as equal. */
    void equate(ColumnRef a, ColumnRef b) {
        if (unknown(a.table()) || unknown(b.table())) return;
        String ra = root(a.table() + "." + a.column());
        String rb = root(b.table() + "." + b.column());
        if (!ra.equals(rb)) classes.put(ra, rb);
    }

    private String root(String key) {
        String k = key;
        while (classes.containsKey(k)) k = classes.get(k);
        return k;
    }
}
