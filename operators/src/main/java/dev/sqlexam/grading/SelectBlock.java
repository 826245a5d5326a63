package dev.sqlexam.grading;

import java.util.ArrayList;
import java.util.List;

/**
 * One SELECT block as the comparison reads it: its FROM chain, output expressions, conditions
 * (WHERE and JOIN ON; HAVING apart), grouping, order and limit, and the subqueries it holds, each
 * read as its own node. Filled by {@link ShapeReader}.
 */
final class SelectBlock implements ShapeNode {

    private final String path;
    final List<TableUse> tables = new ArrayList<>();
    final List<CanonicalExpr> items = new ArrayList<>();
    final List<ShapeNode> itemSubqueries = new ArrayList<>();
    final List<ShapeNode> derivedTables = new ArrayList<>();
    final List<Condition> conditions = new ArrayList<>();
    final List<JoinEquality> joins = new ArrayList<>();
    final List<Condition> having = new ArrayList<>();
    final List<CanonicalExpr> groupBy = new ArrayList<>();
    boolean distinct;

    /** How WHERE and ON combine their conditions; null without any. */
    BoolShape conditionShape;

    private int subqueriesInConditions;
    private OrderAndLimit orderAndLimit = new OrderAndLimit(List.of(), null, null);

    SelectBlock(String path) {
        this.path = path;
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public OrderAndLimit orderAndLimit() {
        return orderAndLimit;
    }

    void orderAndLimit(OrderAndLimit value) {
        orderAndLimit = value;
    }

    /** The number the next subquery of a condition gets in its path. */
    int nextConditionSubquery() {
        return subqueriesInConditions++;
    }

    @Override
    public String summary() {
        String from =
                String.join(
                        ", ",
                        tables.stream()
                                .map(TableUse::table)
                                .filter(t -> !SqlNames.placeholder(t))
                                .toList());
        return "(SELECT "
                + ProjectionComparison.list(items)
                + (from.isEmpty() ? "" : " FROM " + from)
                + (conditions.isEmpty() ? "" : " WHERE ...")
                + ")";
    }

    boolean selectsStar() {
        return items.stream().anyMatch(CanonicalExpr::isStar);
    }

    boolean aggregates() {
        return items.stream().anyMatch(i -> !i.aggregates().isEmpty());
    }
}
