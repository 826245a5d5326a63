package dev.sqlexam.suite;

import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.statement.select.Distinct;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;

import java.util.List;

/**
 * The neighbours made at one SELECT block: DISTINCT dropped or added, an inner join made left and
 * back, an ORDER BY key reversed or the last one dropped, a GROUP BY key dropped, a LIMIT moved by
 * one or dropped.
 */
final class SelectMutations {

    private SelectMutations() {}

    /** Every mutation of the SELECT block {@code at}, in a fixed order. */
    static void add(NeighbourCollector out, PlainSelect select, int at) {
        distinct(out, select, at);
        joins(out, select, at);
        orderBy(out, select, at);
        groupBy(out, select, at);
        limit(out, select, at);
    }

    private static void distinct(NeighbourCollector out, PlainSelect select, int at) {
        out.add(
                "drop DISTINCT",
                select.getDistinct() != null,
                at,
                (q, k) -> q.selects.get(k).setDistinct(null));
        out.add(
                "add DISTINCT",
                select.getDistinct() == null && select.getSelectItems() != null,
                at,
                (q, k) -> q.selects.get(k).setDistinct(new Distinct()));
    }

    private static void joins(NeighbourCollector out, PlainSelect select, int at) {
        List<Join> joins = select.getJoins() == null ? List.of() : select.getJoins();
        for (int j = 0; j < joins.size(); j++) {
            final int join = j;
            Join jn = joins.get(j);
            boolean inner =
                    jn.getOnExpression() != null
                            && !jn.isLeft()
                            && !jn.isRight()
                            && !jn.isFull()
                            && !jn.isCross()
                            && !jn.isNatural();
            out.add(
                    "inner join → left join",
                    inner,
                    at,
                    (q, k) -> {
                        Join x = q.selects.get(k).getJoins().get(join);
                        x.setInner(false);
                        x.setLeft(true);
                    });
            out.add(
                    "left join → inner join",
                    jn.isLeft(),
                    at,
                    (q, k) -> {
                        Join x = q.selects.get(k).getJoins().get(join);
                        x.setLeft(false);
                        x.setOuter(false);
                        x.setInner(true);
                    });
        }
    }

    private static void orderBy(NeighbourCollector out, PlainSelect select, int at) {
        List<OrderByElement> order =
                select.getOrderByElements() == null ? List.of() : select.getOrderByElements();
        for (int o = 0; o < order.size(); o++) {
            final int key = o;
            out.add(
                    "reverse ORDER BY key " + (o + 1),
                    true,
                    at,
                    (q, k) -> {
                        OrderByElement e = q.selects.get(k).getOrderByElements().get(key);
                        e.setAsc(!e.isAsc());
                        e.setAscDescPresent(true);
                    });
        }
        if (order.size() > 1)
            out.add(
                    "drop the last ORDER BY key",
                    true,
                    at,
                    (q, k) ->
                            q.selects
                                    .get(k)
                                    .getOrderByElements()
                                    .remove(q.selects.get(k).getOrderByElements().size() - 1));
    }

    private static void groupBy(NeighbourCollector out, PlainSelect select, int at) {
        int grouped =
                select.getGroupBy() == null
                                || select.getGroupBy().getGroupByExpressionList() == null
                        ? 0
                        : select.getGroupBy().getGroupByExpressionList().size();
        for (int g = 0; g < grouped && grouped > 1; g++) {
            final int item = g;
            out.add(
                    "drop a GROUP BY key",
                    true,
                    at,
                    (q, k) ->
                            q.selects.get(k).getGroupBy().getGroupByExpressionList().remove(item));
        }
    }

    private static void limit(NeighbourCollector out, PlainSelect select, int at) {
        Limit limit = select.getLimit();
        if (limit == null
                || !(limit.getRowCount() instanceof LongValue n)
                || limit.getOffset() != null) return;
        out.add(
                "LIMIT + 1",
                true,
                at,
                (q, k) -> q.selects.get(k).getLimit().setRowCount(new LongValue(n.getValue() + 1)));
        out.add(
                "LIMIT - 1",
                n.getValue() > 1,
                at,
                (q, k) -> q.selects.get(k).getLimit().setRowCount(new LongValue(n.getValue() - 1)));
        out.add("drop LIMIT", true, at, (q, k) -> q.selects.get(k).setLimit(null));
    }
}
