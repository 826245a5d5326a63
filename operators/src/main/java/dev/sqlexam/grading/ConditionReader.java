package dev.sqlexam.grading;

import net.sf.jsqlparser.expression.AnyComparisonExpression;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.Select;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a WHERE, ON or HAVING expression into a block's conditions and join equalities, and returns
 * how they are combined. Comparisons are put column first ({@code 5 < x} as {@code x > 5}), NOT is
 * taken into the operator ({@code NOT x = 1} as {@code x <> 1}), BETWEEN is its two bounds (NOT
 * BETWEEN their complements, with OR), a one-element IN list is {@code =}, and a correlated EXISTS
 * is the IN it stands for.
 */
final class ConditionReader {

    private static final Map<String, String> COMPLEMENT =
            Map.of("=", "<>", "<>", "=", "<", ">=", ">=", "<", ">", "<=", "<=", ">");
    private static final Map<String, String> MIRROR =
            Map.of("=", "=", "<>", "<>", "<", ">", ">", "<", "<=", ">=", ">=", "<=");

    private final ShapeReader reader;
    private final Scope scope;
    private final SelectBlock block;
    private final List<Condition> out;
    private final String subqueryMark;

    /**
     * {@code subqueryMark}: the letter of this clause's subqueries in their paths ("w" for WHERE
     * and ON, "h" for HAVING).
     */
    ConditionReader(
            ShapeReader reader,
            Scope scope,
            SelectBlock block,
            List<Condition> out,
            String subqueryMark) {
        this.reader = reader;
        this.scope = scope;
        this.block = block;
        this.out = out;
        this.subqueryMark = subqueryMark;
    }

    BoolShape read(Expression e) {
        return read(e, false);
    }

    private BoolShape read(Expression e, boolean negated) {
        Expression x = unwrap(e);
        if (x instanceof OrExpression or && !negated) {
            BoolShape asIn = valuesOfOneColumn(operands(or));
            if (asIn != null) return asIn;
        }
        if (x instanceof AndExpression || x instanceof OrExpression) {
            String connective = x instanceof AndExpression ? "and" : "or";
            List<BoolShape> parts = new ArrayList<>();
            for (Expression part : operands((BinaryExpression) x)) parts.add(read(part, false));
            BoolShape combined = BoolShape.of(connective, parts);
            return negated ? BoolShape.not(combined) : combined;
        }
        if (x instanceof NotExpression not) return read(not.getExpression(), !negated);
        return leaf(x, negated);
    }

    /** {@code c = 'a' OR c = 'b' OR c IN ('d')}: the IN list it is, or null when it is not one. */
    private BoolShape valuesOfOneColumn(List<Expression> operands) {
        CanonicalExpr column = null;
        List<Literal> values = new ArrayList<>();
        for (Expression operand : operands) {
            Expression left;
            List<Expression> candidates;
            if (operand instanceof net.sf.jsqlparser.expression.operators.relational.EqualsTo eq) {
                left = unwrap(eq.getLeftExpression());
                candidates = List.of(unwrap(eq.getRightExpression()));
            } else if (operand instanceof InExpression in
                    && !in.isNot()
                    && in.getRightExpression() instanceof ExpressionList<?> list) {
                left = unwrap(in.getLeftExpression());
                candidates = new ArrayList<>(list);
            } else {
                return null;
            }
            if (!(left instanceof Column)) return null;
            CanonicalExpr rendered = ExprRenderer.render(left, scope, new ArrayList<>());
            if (column != null && !column.equals(rendered)) return null;
            column = rendered;
            for (Expression candidate : candidates) {
                Literal value = Literal.ofValue(unwrap(candidate));
                if (value == null) return null;
                values.add(value);
            }
        }
        return add(column, values.size() == 1 ? "=" : "in", values, null);
    }

    private static List<Expression> operands(BinaryExpression connective) {
        List<Expression> operands = new ArrayList<>();
        for (Expression side :
                List.of(connective.getLeftExpression(), connective.getRightExpression())) {
            Expression inner = unwrap(side);
            if (inner.getClass() == connective.getClass())
                operands.addAll(operands((BinaryExpression) inner));
            else operands.add(inner);
        }
        return operands;
    }

    private BoolShape leaf(Expression e, boolean negated) {
        if (e instanceof ComparisonOperator comparison) return comparison(comparison, negated);
        if (e instanceof LikeExpression like) return like(like, negated);
        if (e instanceof InExpression in) return in(in, negated);
        if (e instanceof IsNullExpression isNull) {
            String operator = isNull.isNot() != negated ? "is not null" : "is null";
            return add(render(isNull.getLeftExpression()), operator, null, null);
        }
        if (e instanceof Between between) return between(between, negated);
        if (e instanceof ExistsExpression exists) return exists(exists, negated);
        return add(render(e), negated ? "not expr" : "expr", null, null);
    }

    private BoolShape comparison(ComparisonOperator comparison, boolean negated) {
        String operator = comparison.getStringExpression().strip();
        operator = operator.equals("!=") || operator.equals("^=") ? "<>" : operator;
        operator = operator.equals("==") ? "=" : operator;
        if (!COMPLEMENT.containsKey(operator))
            return add(render(comparison), negated ? "not expr" : "expr", null, null);
        if (negated) operator = COMPLEMENT.get(operator);
        Expression left = unwrap(comparison.getLeftExpression());
        Expression right = unwrap(comparison.getRightExpression());
        if (Literal.of(left) != null && Literal.ofValue(right) == null && !isSubquery(right)) {
            Expression swap = left;
            left = right;
            right = swap;
            operator = MIRROR.get(operator);
        }
        if (right instanceof Select subquery) return subquery(left, operator, subquery);
        if (right instanceof AnyComparisonExpression any)
            return subquery(
                    left,
                    operator + " " + any.getAnyType().name().toLowerCase(Locale.ROOT),
                    any.getSelect());
        Literal value = Literal.ofValue(right);
        if (value == null
                && operator.equals("=")
                && left instanceof Column l
                && right instanceof Column r
                && !sameRow(l, r)) {
            block.joins.add(new JoinEquality(scope.resolve(l), scope.resolve(r), false));
            return null;
        }
        return value != null
                ? add(render(left), operator, List.of(value), null)
                : add(render(left), operator, null, render(right));
    }

    /** Two columns of one table's row (a filter), not of two tables (a join). */
    private boolean sameRow(Column l, Column r) {
        String lq = l.getTable() == null ? null : SqlNames.of(l.getTable().getName());
        String rq = r.getTable() == null ? null : SqlNames.of(r.getTable().getName());
        if (lq != null || rq != null) return lq != null && lq.equals(rq);
        ColumnRef a = scope.resolve(l);
        return a.table() != null && a.table().equals(scope.resolve(r).table());
    }

    private BoolShape like(LikeExpression like, boolean negated) {
        String keyword = like.getLikeKeyWord().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        String operator = (like.isNot() != negated ? "not " : "") + keyword;
        Literal pattern = Literal.ofValue(unwrap(like.getRightExpression()));
        return pattern != null
                ? add(render(like.getLeftExpression()), operator, List.of(pattern), null)
                : add(
                        render(like.getLeftExpression()),
                        operator,
                        null,
                        render(like.getRightExpression()));
    }

    private BoolShape in(InExpression in, boolean negated) {
        boolean not = in.isNot() != negated;
        Expression left = unwrap(in.getLeftExpression());
        Expression right = in.getRightExpression();
        if (unwrap(right) instanceof Select subquery)
            return subquery(left, not ? "not in" : "in", subquery);
        List<Literal> values = new ArrayList<>();
        if (right instanceof ExpressionList<?> list) {
            for (Expression item : list) {
                Literal value = Literal.ofValue(unwrap(item));
                if (value == null) {
                    values = null;
                    break;
                }
                values.add(value);
            }
        } else {
            values = null;
        }
        if (values != null && values.size() == 1)
            return add(render(left), not ? "<>" : "=", values, null);
        return values != null
                ? add(render(left), not ? "not in" : "in", values, null)
                : add(render(left), not ? "not in" : "in", null, render(right));
    }

    private BoolShape between(Between between, boolean negated) {
        Expression left = between.getLeftExpression();
        Expression start = unwrap(between.getBetweenExpressionStart());
        Expression end = unwrap(between.getBetweenExpressionEnd());
        if (between.isNot() == negated) {
            BoolShape low = bound(left, ">=", start);
            BoolShape high = bound(left, "<=", end);
            return BoolShape.of("and", List.of(low, high));
        }
        return BoolShape.of("or", List.of(bound(left, "<", start), bound(left, ">", end)));
    }

    private BoolShape bound(Expression left, String operator, Expression bound) {
        Literal value = Literal.ofValue(bound);
        return value != null
                ? add(render(left), operator, List.of(value), null)
                : add(render(left), operator, null, render(bound));
    }

    private BoolShape exists(ExistsExpression exists, boolean negated) {
        boolean not = exists.isNot() != negated;
        Expression right = unwrap(exists.getRightExpression());
        if (!(right instanceof Select subquery))
            return add(render(exists), not ? "not expr" : "expr", null, null);
        ShapeNode node = reader.node(subquery, scope, nextSubqueryPath());
        JoinEquality link = node instanceof SelectBlock inner ? correlation(inner) : null;
        if (link != null) {
            SelectBlock inner = (SelectBlock) node;
            boolean outerLeft = link.left().level() > 0;
            ColumnRef outer = outerLeft ? link.left() : link.right();
            ColumnRef own = outerLeft ? link.right() : link.left();
            inner.items.clear();
            inner.items.add(CanonicalExpr.column(own));
            CanonicalExpr left =
                    CanonicalExpr.column(
                            new ColumnRef(outer.table(), outer.column(), outer.level() - 1));
            out.add(new Condition(block.path(), left, not ? "not in" : "in", null, null, node));
            return BoolShape.LEAF;
        }
        out.add(new Condition(block.path(), null, not ? "not exists" : "exists", null, null, node));
        return BoolShape.LEAF;
    }

    /** The one equality that ties a subquery's own table to the enclosing query's, if any. */
    private static JoinEquality correlation(SelectBlock inner) {
        List<JoinEquality> ties =
                inner.joins.stream()
                        .filter(j -> !j.implied())
                        .filter(j -> (j.left().level() == 0) != (j.right().level() == 0))
                        .toList();
        return ties.size() == 1 ? ties.get(0) : null;
    }

    private BoolShape subquery(Expression left, String operator, Select subquery) {
        ShapeNode node = reader.node(subquery, scope, nextSubqueryPath());
        CanonicalExpr leftExpr = left == null ? null : render(left);
        out.add(new Condition(block.path(), leftExpr, operator, null, null, node));
        if ((operator.equals("in") || operator.equals("not in"))
                && leftExpr != null
                && leftExpr.isColumn()
                && node instanceof SelectBlock inner
                && inner.items.size() == 1
                && inner.items.get(0).isColumn()) {
            block.joins.add(
                    new JoinEquality(
                            leftExpr.columns().get(0), inner.items.get(0).columns().get(0), true));
        }
        return BoolShape.LEAF;
    }

    private String nextSubqueryPath() {
        return block.path() + "/" + subqueryMark + block.nextConditionSubquery();
    }

    private BoolShape add(
            CanonicalExpr left, String operator, List<Literal> values, CanonicalExpr right) {
        out.add(new Condition(block.path(), left, operator, values, right, null));
        return BoolShape.LEAF;
    }

    private CanonicalExpr render(Expression e) {
        List<Select> subqueries = new ArrayList<>();
        CanonicalExpr rendered = ExprRenderer.render(unwrap(e), scope, subqueries);
        for (Select subquery : subqueries) reader.node(subquery, scope, nextSubqueryPath());
        return rendered;
    }

    private static boolean isSubquery(Expression e) {
        return e instanceof Select || e instanceof AnyComparisonExpression;
    }

    static Expression unwrap(Expression e) {
        Expression x = e;
        while (x instanceof ParenthesedExpressionList<?> list && list.size() == 1) x = list.get(0);
        return x;
    }
}
