package dev.sqlexam.suite;

import dev.sqlexam.sql.SqlParsing;
import dev.sqlexam.sql.SqlText;

import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Rewrites of a query that mean the same on every database of its schema: joins in the other order,
 * the result under an alias, conjuncts swapped, IN as EXISTS (subquery) or ORs (list), BETWEEN as
 * two comparisons, a redundant cast.
 */
final class EquivalentRewrites {

    private EquivalentRewrites() {}

    static Map<String, String> of(String gold) {
        String body = SqlText.stripTrailingSemicolons(gold);
        Map<String, String> out = new LinkedHashMap<>();
        if (!SqlText.hasTopLevel(body, "ORDER\\s+BY") && !SqlText.hasTopLevel(body, "LIMIT"))
            out.put("result under an alias", "SELECT * FROM (" + body + ") AS aliased_result");
        rewrite(
                out,
                body,
                "joins reordered",
                q -> {
                    PlainSelect s = top(q);
                    Join j = s.getJoins().get(0);
                    boolean inner =
                            s.getJoins().size() == 1
                                    && j.getOnExpression() != null
                                    && !j.isLeft()
                                    && !j.isRight()
                                    && !j.isFull()
                                    && !j.isCross()
                                    && !j.isNatural()
                                    && s.getSelectItems().stream()
                                            .noneMatch(
                                                    i ->
                                                            i.toString().contains("*")
                                                                    && !i.toString()
                                                                            .toUpperCase()
                                                                            .contains("(*)"));
                    if (!inner) throw new IllegalStateException("not one inner join");
                    FromItem left = s.getFromItem();
                    s.setFromItem(j.getRightItem());
                    j.setRightItem(left);
                });
        rewrite(
                out,
                body,
                "conjuncts swapped",
                q -> {
                    AndExpression and = (AndExpression) top(q).getWhere();
                    var l = and.getLeftExpression();
                    and.setLeftExpression(and.getRightExpression());
                    and.setRightExpression(l);
                });
        rewrite(
                out,
                body,
                "BETWEEN as two comparisons",
                q ->
                        replaceFirst(
                                q,
                                Between.class,
                                (b, replace) -> {
                                    if (b.isNot()) throw new IllegalStateException("NOT BETWEEN");
                                    replace.accept(
                                            parse(
                                                    "("
                                                            + b.getLeftExpression()
                                                            + " >= "
                                                            + b.getBetweenExpressionStart()
                                                            + " AND "
                                                            + b.getLeftExpression()
                                                            + " <= "
                                                            + b.getBetweenExpressionEnd()
                                                            + ")"));
                                }));
        rewrite(
                out,
                body,
                "IN as EXISTS / ORs",
                q ->
                        replaceFirst(
                                q,
                                InExpression.class,
                                (in, replace) -> {
                                    if (in.isNot()) throw new IllegalStateException("NOT IN");
                                    if (in.getRightExpression() instanceof Select sub) {
                                        replace.accept(
                                                parse(
                                                        "EXISTS (SELECT 1 FROM ("
                                                                + sub.toString()
                                                                        .replaceAll(
                                                                                "^\\((.*)\\)$",
                                                                                "$1")
                                                                + ") AS in_sub(v) WHERE in_sub.v = "
                                                                + in.getLeftExpression()
                                                                + ")"));
                                    } else if (in.getRightExpression()
                                            instanceof ExpressionList<?> list) {
                                        StringBuilder ors = new StringBuilder("(");
                                        for (int i = 0; i < list.size(); i++)
                                            ors.append(i == 0 ? "" : " OR ")
                                                    .append(in.getLeftExpression())
                                                    .append(" = ")
                                                    .append(list.get(i));
                                        replace.accept(parse(ors.append(")").toString()));
                                    } else {
                                        throw new IllegalStateException("IN of something else");
                                    }
                                }));
        rewrite(
                out,
                body,
                "redundant cast",
                q ->
                        replaceFirst(
                                q,
                                ComparisonOperator.class,
                                (c, replace) -> {
                                    if (!(c.getRightExpression() instanceof LongValue n))
                                        throw new IllegalStateException("no integer literal");
                                    CastExpression cast = new CastExpression();
                                    cast.setLeftExpression(n);
                                    cast.setColDataType(
                                            new net.sf.jsqlparser.statement.create.table
                                                    .ColDataType("bigint"));
                                    c.setRightExpression(cast);
                                }));
        return out;
    }

    private interface Replacement<T> {
        void apply(T node, Consumer<net.sf.jsqlparser.expression.Expression> replace);
    }

    private static <T> void replaceFirst(Statement q, Class<T> type, Replacement<T> change) {
        for (QuerySites.Predicate p : QuerySites.of(q).predicates) {
            if (type.isInstance(p.expression())) {
                change.apply(type.cast(p.expression()), p.replace());
                return;
            }
        }
        throw new IllegalStateException("no " + type.getSimpleName());
    }

    private static PlainSelect top(Statement q) {
        return (PlainSelect) q;
    }

    private static net.sf.jsqlparser.expression.Expression parse(String condition) {
        try {
            return CCJSqlParserUtil.parseCondExpression(condition);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void rewrite(
            Map<String, String> out, String body, String name, Consumer<Statement> change) {
        try {
            Statement q = SqlParsing.parse(body);
            change.accept(q);
            String sql = q.toString();
            if (!sql.equals(SqlParsing.parse(body).toString())) out.put(name, sql);
        } catch (Exception | Error e) {
            // the rewrite does not apply to this query
        }
    }
}
