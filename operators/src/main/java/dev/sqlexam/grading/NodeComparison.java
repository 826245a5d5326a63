package dev.sqlexam.grading;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Compares two queries' nodes clause by clause: set operations and their branches, and in each pair
 * of SELECT blocks DISTINCT, the outputs, GROUP BY, HAVING, how the conditions combine, ORDER BY
 * and LIMIT, then the subqueries in FROM and in the outputs, each pair in turn. (Tables, joins and
 * conditions are compared over the whole query, before.)
 */
final class NodeComparison {

    private final ColumnMatcher matcher;
    private final ConditionMatching conditions;
    private final Findings out;

    NodeComparison(ColumnMatcher matcher, ConditionMatching conditions, Findings out) {
        this.matcher = matcher;
        this.conditions = conditions;
        this.out = out;
    }

    /** {@code where}: "" at the top, else a phrase that says where the nodes are. */
    void compare(ShapeNode gold, ShapeNode predicted, String where) {
        String prefix = where.isEmpty() ? "" : where + ": ";
        if (gold instanceof SelectBlock g && predicted instanceof SelectBlock p) {
            compareBlocks(g, p, prefix);
        } else if (gold instanceof SetOperationNode g && predicted instanceof SetOperationNode p) {
            if (!g.operators().equals(p.operators()) || g.branches().size() != p.branches().size())
                out.add(
                        ErrorCategories.SET_OPERATION,
                        prefix
                                + "the gold combines its queries with "
                                + operators(g)
                                + ", the prediction with "
                                + operators(p));
            for (int i = 0; i < Math.min(g.branches().size(), p.branches().size()); i++)
                compare(g.branches().get(i), p.branches().get(i), where);
        } else if (gold instanceof SetOperationNode g) {
            out.add(
                    ErrorCategories.SET_OPERATION,
                    prefix
                            + "the gold combines queries with "
                            + operators(g)
                            + ", the prediction is one query");
            compareWithoutOrder(g.branches().get(0), predicted, where);
            compareOrderAndLimit(orderOf(g), predicted.orderAndLimit(), prefix);
            return;
        } else {
            SetOperationNode p = (SetOperationNode) predicted;
            out.add(
                    ErrorCategories.SET_OPERATION,
                    prefix
                            + "the prediction combines queries with "
                            + operators(p)
                            + ", the gold is one query");
            compareWithoutOrder(gold, p.branches().get(0), where);
            compareOrderAndLimit(gold.orderAndLimit(), orderOf(p), prefix);
            return;
        }
        compareOrderAndLimit(gold.orderAndLimit(), predicted.orderAndLimit(), prefix);
    }

    /**
     * A set operation's ORDER BY and LIMIT, or where it has none its first query's: what a single
     * query in its place is compared with.
     */
    private static ShapeNode.OrderAndLimit orderOf(SetOperationNode node) {
        ShapeNode.OrderAndLimit own = node.orderAndLimit();
        boolean none = own.keys().isEmpty() && own.limit() == null && own.offset() == null;
        return none ? node.branches().get(0).orderAndLimit() : own;
    }

    /** Two lists of subqueries in the same kind of place, paired in their order. */
    void compareAll(List<ShapeNode> gold, List<ShapeNode> predicted, String where, String what) {
        if (gold.size() != predicted.size())
            out.add(
                    ErrorCategories.NESTING,
                    (where.isEmpty() ? "" : where + ": ")
                            + "the gold has "
                            + gold.size()
                            + " "
                            + what
                            + ", the prediction "
                            + predicted.size());
        for (int i = 0; i < Math.min(gold.size(), predicted.size()); i++)
            compare(gold.get(i), predicted.get(i), "in " + what);
    }

    private void compareWithoutOrder(ShapeNode gold, ShapeNode predicted, String where) {
        if (gold instanceof SelectBlock g && predicted instanceof SelectBlock p)
            compareBlocks(g, p, where.isEmpty() ? "" : where + ": ");
        else compare(gold, predicted, where);
    }

    private void compareBlocks(SelectBlock gold, SelectBlock predicted, String prefix) {
        boolean distinctAsGrouping =
                distinctAsGrouping(gold, predicted) || distinctAsGrouping(predicted, gold);
        if (gold.distinct != predicted.distinct && !distinctAsGrouping)
            out.add(
                    ErrorCategories.AGGREGATION_DISTINCT,
                    prefix
                            + (gold.distinct
                                    ? "the gold selects DISTINCT rows, the prediction does not"
                                    : "the prediction selects DISTINCT rows, the gold does not"));
        ProjectionComparison.compare(gold, predicted, matcher, out, prefix);
        if (!distinctAsGrouping) compareGrouping(gold, predicted, prefix);
        compareHaving(gold, predicted, prefix);
        compareConditionShapes(gold, predicted, prefix);
        compareAll(
                gold.derivedTables,
                predicted.derivedTables,
                prefix.replaceAll(": $", ""),
                "derived table(s) in FROM");
        compareAll(
                gold.itemSubqueries,
                predicted.itemSubqueries,
                prefix.replaceAll(": $", ""),
                "subquery(ies) in SELECT");
    }

    /** {@code SELECT DISTINCT a, b} and {@code SELECT a, b ... GROUP BY a, b}: the same rows. */
    private static boolean distinctAsGrouping(SelectBlock distinct, SelectBlock grouped) {
        if (!distinct.distinct || !distinct.groupBy.isEmpty()) return false;
        if (grouped.distinct || grouped.aggregates() || grouped.groupBy.isEmpty()) return false;
        List<String> keys =
                grouped.groupBy.stream().map(CanonicalExpr::qualifiedDisplay).sorted().toList();
        List<String> outputs =
                grouped.items.stream()
                        .map(CanonicalExpr::qualifiedDisplay)
                        .sorted()
                        .distinct()
                        .toList();
        return keys.equals(outputs);
    }

    private void compareGrouping(SelectBlock gold, SelectBlock predicted, String prefix) {
        if (sameSet(gold.groupBy, predicted.groupBy)) return;
        out.add(
                ErrorCategories.GROUPING,
                prefix
                        + "the gold groups by "
                        + ProjectionComparison.list(gold.groupBy)
                        + ", the prediction by "
                        + ProjectionComparison.list(predicted.groupBy));
    }

    private boolean sameSet(List<CanonicalExpr> gold, List<CanonicalExpr> predicted) {
        for (CanonicalExpr g : gold)
            if (predicted.stream().noneMatch(p -> matcher.same(g, p))) return false;
        for (CanonicalExpr p : predicted)
            if (gold.stream().noneMatch(g -> matcher.same(g, p))) return false;
        return true;
    }

    private void compareHaving(SelectBlock gold, SelectBlock predicted, String prefix) {
        ConditionMatching matching = ConditionMatching.of(gold.having, predicted.having, matcher);
        if (!matching.allSame())
            out.add(
                    ErrorCategories.HAVING,
                    prefix
                            + "the gold has "
                            + having(gold.having)
                            + ", the prediction "
                            + having(predicted.having));
        for (ConditionMatching.Pair pair : matching.pairs)
            if (pair.gold().isSubquery() && pair.predicted().isSubquery())
                compare(
                        pair.gold().subquery(),
                        pair.predicted().subquery(),
                        prefix + "in the subquery of HAVING");
    }

    private static String having(List<Condition> conditions) {
        if (conditions.isEmpty()) return "no HAVING";
        return "HAVING "
                + String.join(" AND ", conditions.stream().map(Condition::display).toList());
    }

    /**
     * AND against OR (or a NOT moved), where each block's conditions have their counterparts in the
     * other block (else what differs is a missing or extra condition, or another structure).
     */
    private void compareConditionShapes(SelectBlock gold, SelectBlock predicted, String prefix) {
        BoolShape g = gold.conditionShape;
        BoolShape p = predicted.conditionShape;
        if (g == null || p == null || g.toString().equals(p.toString())) return;
        if (!conditions.pairsWithin(gold.conditions, predicted.conditions)) return;
        out.add(
                ErrorCategories.FILTER_OPERATOR,
                prefix
                        + "the gold combines its conditions as "
                        + g.describe()
                        + ", the prediction as "
                        + p.describe());
    }

    private void compareOrderAndLimit(
            ShapeNode.OrderAndLimit gold, ShapeNode.OrderAndLimit predicted, String prefix) {
        if (!sameOrder(gold.keys(), predicted.keys()))
            out.add(
                    ErrorCategories.ORDERING,
                    prefix
                            + "the gold orders by "
                            + keys(gold.keys())
                            + ", the prediction by "
                            + keys(predicted.keys()));
        if (!Objects.equals(gold.limit(), predicted.limit())
                || !Objects.equals(gold.offset(), predicted.offset()))
            out.add(
                    ErrorCategories.LIMIT,
                    prefix
                            + "the gold has "
                            + limit(gold)
                            + ", the prediction "
                            + limit(predicted));
    }

    private boolean sameOrder(List<ShapeNode.OrderKey> gold, List<ShapeNode.OrderKey> predicted) {
        if (gold.size() != predicted.size()) return false;
        for (int i = 0; i < gold.size(); i++) {
            ShapeNode.OrderKey g = gold.get(i);
            ShapeNode.OrderKey p = predicted.get(i);
            if (!matcher.same(g.expr(), p.expr())
                    || g.descending() != p.descending()
                    || !Objects.equals(g.nulls(), p.nulls())) return false;
        }
        return true;
    }

    private static String keys(List<ShapeNode.OrderKey> keys) {
        if (keys.isEmpty()) return "nothing";
        List<String> out = new ArrayList<>();
        for (ShapeNode.OrderKey key : keys)
            out.add(
                    key.expr().display()
                            + (key.descending() ? " DESC" : " ASC")
                            + (key.nulls() == null
                                    ? ""
                                    : " "
                                            + key.nulls()
                                                    .toUpperCase(Locale.ROOT)
                                                    .replace('_', ' ')));
        return String.join(", ", out);
    }

    private static String limit(ShapeNode.OrderAndLimit node) {
        if (node.limit() == null && node.offset() == null) return "no LIMIT";
        return (node.limit() == null ? "" : "LIMIT " + node.limit())
                + (node.offset() == null
                        ? ""
                        : (node.limit() == null ? "" : " ") + "OFFSET " + node.offset());
    }

    private static String operators(SetOperationNode node) {
        return String.join(", ", node.operators()).toUpperCase(Locale.ROOT);
    }
}
