package dev.sqlexam.suite;

import dev.sqlexam.sql.SqlParsing;
import dev.sqlexam.sql.SqlText;

import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Distinct;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The single-mutation neighbours of a query, made on its JSqlParser tree: a conjunct dropped, a
 * comparison flipped or loosened, an aggregate swapped or its DISTINCT toggled, an inner join made
 * left and back, DISTINCT dropped or added, an ORDER BY key reversed, a LIMIT changed, a literal
 * perturbed, IS NULL / IN / LIKE negated. Most are wrong answers a test suite must tell from the
 * query; a few are equivalent to it on every database (those no database distinguishes).
 */
public final class Neighbours {

    /** One neighbour: what was changed and the resulting SQL. */
    public record Neighbour(String mutation, String sql) {}

    private static final Map<String, String> AGGREGATE_SWAPS =
            Map.of("MAX", "MIN", "MIN", "MAX", "SUM", "AVG", "AVG", "SUM");

    private Neighbours() {}

    /**
     * Why the parser cannot read {@code sql} into the sites its neighbours are made at (a gold that
     * then gets no neighbours, so no suite database is chosen for it), or null when it can.
     */
    public static String unreadable(String sql) {
        try {
            QuerySites.of(SqlParsing.parse(SqlText.stripTrailingSemicolons(sql)));
            return null;
        } catch (Exception | StackOverflowError e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            int nl = message.indexOf('\n');
            return nl < 0 ? message : message.substring(0, nl);
        }
    }

    /**
     * Every distinct neighbour of {@code sql} (none when the parser cannot read it), capped at
     * {@code max}.
     */
    public static List<Neighbour> of(String sql, int max) {
        String body = SqlText.stripTrailingSemicolons(sql);
        Statement original;
        QuerySites sites;
        try {
            original = SqlParsing.parse(body);
            sites = QuerySites.of(original);
        } catch (Exception | StackOverflowError unreadable) {
            return List.of(); // unreadable(sql) says why, for the suite's notes
        }
        String printed = original.toString();
        Map<String, Neighbour> out = new LinkedHashMap<>();
        for (int i = 0; i < sites.selects.size(); i++) {
            final int at = i;
            PlainSelect s = sites.selects.get(i);
            add(
                    out,
                    body,
                    printed,
                    "drop DISTINCT",
                    s.getDistinct() != null,
                    at,
                    (q, k) -> q.selects.get(k).setDistinct(null));
            add(
                    out,
                    body,
                    printed,
                    "add DISTINCT",
                    s.getDistinct() == null && s.getSelectItems() != null,
                    at,
                    (q, k) -> q.selects.get(k).setDistinct(new Distinct()));
            List<Join> joins = s.getJoins() == null ? List.of() : s.getJoins();
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
                add(
                        out,
                        body,
                        printed,
                        "inner join → left join",
                        inner,
                        at,
                        (q, k) -> {
                            Join x = q.selects.get(k).getJoins().get(join);
                            x.setInner(false);
                            x.setLeft(true);
                        });
                add(
                        out,
                        body,
                        printed,
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
            List<OrderByElement> order =
                    s.getOrderByElements() == null ? List.of() : s.getOrderByElements();
            for (int o = 0; o < order.size(); o++) {
                final int key = o;
                add(
                        out,
                        body,
                        printed,
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
                add(
                        out,
                        body,
                        printed,
                        "drop the last ORDER BY key",
                        true,
                        at,
                        (q, k) ->
                                q.selects
                                        .get(k)
                                        .getOrderByElements()
                                        .remove(q.selects.get(k).getOrderByElements().size() - 1));
            int grouped =
                    s.getGroupBy() == null || s.getGroupBy().getGroupByExpressionList() == null
                            ? 0
                            : s.getGroupBy().getGroupByExpressionList().size();
            for (int g = 0; g < grouped && grouped > 1; g++) {
                final int item = g;
                add(
                        out,
                        body,
                        printed,
                        "drop a GROUP BY key",
                        true,
                        at,
                        (q, k) ->
                                q.selects
                                        .get(k)
                                        .getGroupBy()
                                        .getGroupByExpressionList()
                                        .remove(item));
            }
            Limit limit = s.getLimit();
            if (limit != null
                    && limit.getRowCount() instanceof LongValue n
                    && limit.getOffset() == null) {
                add(
                        out,
                        body,
                        printed,
                        "LIMIT + 1",
                        true,
                        at,
                        (q, k) ->
                                q.selects
                                        .get(k)
                                        .getLimit()
                                        .setRowCount(new LongValue(n.getValue() + 1)));
                add(
                        out,
                        body,
                        printed,
                        "LIMIT - 1",
                        n.getValue() > 1,
                        at,
                        (q, k) ->
                                q.selects
                                        .get(k)
                                        .getLimit()
                                        .setRowCount(new LongValue(n.getValue() - 1)));
                add(
                        out,
                        body,
                        printed,
                        "drop LIMIT",
                        true,
                        at,
                        (q, k) -> q.selects.get(k).setLimit(null));
            }
        }
        for (int i = 0; i < sites.functions.size(); i++) {
            Function f = sites.functions.get(i);
            String name = f.getName() == null ? "" : f.getName().toUpperCase(Locale.ROOT);
            add(
                    out,
                    body,
                    printed,
                    "COUNT(DISTINCT x) → COUNT(x)",
                    name.equals("COUNT") && f.isDistinct(),
                    i,
                    (q, k) -> q.functions.get(k).setDistinct(false));
            add(
                    out,
                    body,
                    printed,
                    "COUNT(x) → COUNT(DISTINCT x)",
                    name.equals("COUNT")
                            && !f.isDistinct()
                            && !f.isAllColumns()
                            && f.getParameters() != null
                            && !f.getParameters().isEmpty()
                            && !f.getParameters().toString().equals("*"),
                    i,
                    (q, k) -> q.functions.get(k).setDistinct(true));
            int arguments = f.getParameters() == null ? 0 : f.getParameters().size();
            add(
                    out,
                    body,
                    printed,
                    "ROUND to more places",
                    name.equals("ROUND") && arguments >= 1,
                    i,
                    (q, k) -> {
                        Function x = q.functions.get(k);
                        x.setParameters(
                                new net.sf.jsqlparser.expression.operators.relational
                                        .ExpressionList<>(
                                        (Expression) x.getParameters().get(0), new LongValue(6)));
                    });
            add(
                    out,
                    body,
                    printed,
                    "drop COALESCE's fallback",
                    (name.equals("COALESCE") || name.equals("IFNULL")) && arguments >= 2,
                    i,
                    (q, k) -> {
                        Function x = q.functions.get(k);
                        Expression first = (Expression) x.getParameters().get(0);
                        x.setParameters(
                                new net.sf.jsqlparser.expression.operators.relational
                                        .ExpressionList<>(first, first));
                    });
            add(
                    out,
                    body,
                    printed,
                    name + "(x) → " + name + "(DISTINCT x)",
                    (name.equals("SUM") || name.equals("AVG")) && !f.isDistinct() && arguments == 1,
                    i,
                    (q, k) -> q.functions.get(k).setDistinct(true));
            String swap = AGGREGATE_SWAPS.get(name);
            add(
                    out,
                    body,
                    printed,
                    name + " → " + swap,
                    swap != null,
                    i,
                    (q, k) -> q.functions.get(k).setName(swap));
        }
        for (int i = 0; i < sites.predicates.size(); i++) {
            QuerySites.Predicate p = sites.predicates.get(i);
            Expression e = p.expression();
            add(
                    out,
                    body,
                    printed,
                    "drop a condition",
                    p.conjunct(),
                    i,
                    (q, k) -> q.predicates.get(k).replace().accept(new BooleanValue(true)));
            if (e instanceof ComparisonOperator c) {
                for (String to : flips(c)) {
                    add(
                            out,
                            body,
                            printed,
                            "comparison " + c.getStringExpression() + " → " + to,
                            true,
                            i,
                            (q, k) -> {
                                ComparisonOperator x =
                                        (ComparisonOperator) q.predicates.get(k).expression();
                                q.predicates
                                        .get(k)
                                        .replace()
                                        .accept(
                                                comparison(
                                                        to,
                                                        x.getLeftExpression(),
                                                        x.getRightExpression()));
                            });
                }
                add(
                        out,
                        body,
                        printed,
                        "perturb a literal",
                        perturbable(c.getRightExpression()),
                        i,
                        (q, k) -> {
                            ComparisonOperator x =
                                    (ComparisonOperator) q.predicates.get(k).expression();
                            x.setRightExpression(perturbed(x.getRightExpression()));
                        });
            } else if (e instanceof IsNullExpression) {
                add(
                        out,
                        body,
                        printed,
                        "negate IS NULL",
                        true,
                        i,
                        (q, k) -> {
                            IsNullExpression x =
                                    (IsNullExpression) q.predicates.get(k).expression();
                            x.setNot(!x.isNot());
                        });
            } else if (e instanceof InExpression) {
                add(
                        out,
                        body,
                        printed,
                        "negate IN",
                        true,
                        i,
                        (q, k) -> {
                            InExpression x = (InExpression) q.predicates.get(k).expression();
                            x.setNot(!x.isNot());
                        });
            } else if (e instanceof LikeExpression) {
                add(
                        out,
                        body,
                        printed,
                        "negate LIKE",
                        true,
                        i,
                        (q, k) -> {
                            LikeExpression x = (LikeExpression) q.predicates.get(k).expression();
                            x.setNot(!x.isNot());
                        });
            } else if (e instanceof Between b) {
                add(
                        out,
                        body,
                        printed,
                        "perturb a BETWEEN bound",
                        perturbable(b.getBetweenExpressionEnd()),
                        i,
                        (q, k) -> {
                            Between x = (Between) q.predicates.get(k).expression();
                            x.setBetweenExpressionEnd(perturbed(x.getBetweenExpressionEnd()));
                        });
            }
        }
        List<Neighbour> list = new ArrayList<>(out.values());
        return list.size() > max ? list.subList(0, max) : list;
    }

    /**
     * Applies one mutation to a fresh parse of {@code body} at site {@code index}; keeps it when it
     * parses, differs and is new.
     */
    private static void add(
            Map<String, Neighbour> out,
            String body,
            String printed,
            String mutation,
            boolean applies,
            int index,
            BiConsumer<QuerySites, Integer> change) {
        if (!applies) return;
        try {
            Statement copy = SqlParsing.parse(body);
            change.accept(QuerySites.of(copy), index);
            String sql = copy.toString();
            if (!sql.equals(printed) && !out.containsKey(sql))
                out.put(sql, new Neighbour(mutation, sql));
        } catch (Exception | StackOverflowError ignored) {
            // a mutation the tree does not allow here: no neighbour
        }
    }

    private static List<String> flips(ComparisonOperator c) {
        if (c instanceof GreaterThan) return List.of(">=", "<");
        if (c instanceof GreaterThanEquals) return List.of(">", "<=");
        if (c instanceof MinorThan) return List.of("<=", ">");
        if (c instanceof MinorThanEquals) return List.of("<", ">=");
        if (c instanceof EqualsTo) return List.of("<>");
        if (c instanceof NotEqualsTo) return List.of("=");
        return List.of();
    }

    private static ComparisonOperator comparison(String op, Expression left, Expression right) {
        ComparisonOperator c =
                switch (op) {
                    case ">" -> new GreaterThan();
                    case ">=" -> new GreaterThanEquals();
                    case "<" -> new MinorThan();
                    case "<=" -> new MinorThanEquals();
                    case "=" -> new EqualsTo();
                    default -> new NotEqualsTo();
                };
        c.setLeftExpression(left);
        c.setRightExpression(right);
        return c;
    }

    private static boolean perturbable(Expression e) {
        return e instanceof net.sf.jsqlparser.expression.CastExpression cast
                ? perturbed(cast.getLeftExpression()) != null
                : perturbed(e) != null;
    }

    /**
     * A literal moved a little (a number by one, a string by one character); null when {@code e} is
     * not a plain literal.
     */
    private static Expression perturbed(Expression e) {
        if (e instanceof LongValue l) return new LongValue(l.getValue() + 1);
        if (e instanceof DoubleValue d)
            return new DoubleValue(
                    new BigDecimal(String.valueOf(d.getValue()))
                            .add(BigDecimal.ONE)
                            .toPlainString());
        if (e instanceof StringValue s && s.getValue().matches("\\d{4}-\\d{2}-\\d{2}")) {
            try {
                return new StringValue(
                        java.time.LocalDate.parse(s.getValue()).plusDays(1).toString());
            } catch (RuntimeException notADate) {
                // not a calendar date (2023-02-30): no shifted-date neighbour
                return null;
            }
        }
        if (e instanceof net.sf.jsqlparser.expression.CastExpression cast) {
            // DATE '2024-06-01': the cast's string moved (the cast itself changed in place: only
            // ever on a fresh parse)
            Expression inner = perturbed(cast.getLeftExpression());
            if (inner == null) return null;
            cast.setLeftExpression(inner);
            return cast;
        }
        if (e instanceof StringValue s
                && !s.getValue().isEmpty()
                && !s.getValue().matches("\\d{4}-\\d{2}-\\d{2}.*")) {
            return new StringValue(s.getValue().substring(0, s.getValue().length() - 1));
        }
        return null;
    }
}
