package dev.sqlexam.grading;

import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.OldOracleJoinBinaryExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.util.deparser.ExpressionDeParser;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * JSqlParser's deparser made canonical: every binary operation in one pair of parentheses (so
 * redundant ones vanish and real ones stay), columns as slots resolved in the block's scope, {@code
 * !=} as {@code <>}, {@code COUNT(1)} as {@code COUNT(*)}, integers and decimals in one spelling
 * each (1 and 1.0 stay apart: integer division tells them apart), subqueries as a placeholder
 * handed to the reader, and keywords and names in lower case (string constants keep theirs).
 */
final class ExprRenderer extends ExpressionDeParser {

    static final Set<String> AGGREGATES =
            Set.of(
                    "count",
                    "sum",
                    "avg",
                    "min",
                    "max",
                    "total",
                    "group_concat",
                    "string_agg",
                    "array_agg",
                    "stddev",
                    "variance",
                    "median");

    private final Scope scope;
    private final boolean aggregateHoles;
    private final List<ColumnRef> columns = new ArrayList<>();
    private final List<Function> aggregates = new ArrayList<>();
    private final List<Select> subqueries;

    private ExprRenderer(Scope scope, boolean aggregateHoles, List<Select> subqueries) {
        this.scope = scope;
        this.aggregateHoles = aggregateHoles;
        this.subqueries = subqueries;
    }

    /** {@code e} made canonical; the subqueries it holds are added to {@code subqueries}. */
    static CanonicalExpr render(Expression e, Scope scope, List<Select> subqueries) {
        ExprRenderer full = new ExprRenderer(scope, false, subqueries);
        String template = full.text(e);
        ExprRenderer holes = new ExprRenderer(scope, true, new ArrayList<>());
        String skeleton = holes.text(e);
        List<CanonicalExpr.Aggregate> aggregates = new ArrayList<>();
        for (Function call : holes.aggregates) aggregates.add(aggregate(call, scope));
        return new CanonicalExpr(
                template,
                List.copyOf(full.columns),
                skeleton,
                List.copyOf(holes.columns),
                List.copyOf(aggregates));
    }

    private static CanonicalExpr.Aggregate aggregate(Function call, Scope scope) {
        String name = SqlNames.lastPart(call.getName());
        Expression argument = soleArgument(call);
        boolean star = argument == null || countOfConstant(name, argument);
        return new CanonicalExpr.Aggregate(
                name, call.isDistinct(), star ? null : render(argument, scope, new ArrayList<>()));
    }

    private String text(Expression e) {
        e.accept(this, null);
        return lowerOutsideStrings(getBuffer().toString());
    }

    @Override
    public <S> StringBuilder visit(Column column, S context) {
        Literal bool = Literal.of(column);
        if (bool != null) return buffer.append(bool.text());
        buffer.append('{').append(columns.size()).append('}');
        columns.add(scope.resolve(column));
        return buffer;
    }

    @Override
    public <S> StringBuilder visit(StringValue value, S context) {
        return buffer.append('\'').append(value.getValue()).append('\'');
    }

    @Override
    public <S> StringBuilder visit(LongValue value, S context) {
        return buffer.append(new BigDecimal(value.getStringValue()).toPlainString());
    }

    @Override
    public <S> StringBuilder visit(DoubleValue value, S context) {
        String plain = new BigDecimal(value.toString()).stripTrailingZeros().toPlainString();
        return buffer.append(plain.contains(".") ? plain : plain + ".0");
    }

    @Override
    public <S> StringBuilder visit(AllColumns all, S context) {
        return buffer.append('*');
    }

    @Override
    public <S> StringBuilder visit(AllTableColumns all, S context) {
        String qualifier = SqlNames.of(all.getTable().getName());
        return buffer.append(qualifier).append(".*");
    }

    @Override
    public <S> StringBuilder visit(ParenthesedSelect select, S context) {
        subqueries.add(select);
        return buffer.append(CanonicalExpr.SUBQUERY);
    }

    @Override
    public <S> StringBuilder visit(Select select, S context) {
        subqueries.add(select);
        return buffer.append(CanonicalExpr.SUBQUERY);
    }

    @Override
    public <S> StringBuilder visit(ExpressionList<? extends Expression> list, S context) {
        if (list instanceof ParenthesedExpressionList<?> parenthesed && parenthesed.size() == 1)
            return parenthesed.get(0).accept(this, context);
        return super.visit(list, context);
    }

    @Override
    public <S> StringBuilder visit(NotEqualsTo notEqualsTo, S context) {
        deparse(notEqualsTo, " <> ", context);
        return buffer;
    }

    @Override
    public <S> StringBuilder deparse(
            OldOracleJoinBinaryExpression expression, String operator, S context) {
        deparse((BinaryExpression) expression, operator, context);
        return buffer;
    }

    @Override
    protected <S> void deparse(BinaryExpression expression, String operator, S context) {
        buffer.append('(');
        expression.getLeftExpression().accept(this, context);
        buffer.append(operator);
        expression.getRightExpression().accept(this, context);
        buffer.append(')');
    }

    @Override
    public <S> StringBuilder visit(Function function, S context) {
        String name = SqlNames.lastPart(function.getName());
        if (aggregateHoles && isAggregate(name, function)) {
            aggregates.add(function);
            return buffer.append(CanonicalExpr.HOLE);
        }
        if (hasClausesBeyondArguments(function)) return super.visit(function, context);
        buffer.append(name).append('(');
        if (function.isDistinct()) buffer.append("distinct ");
        Expression sole = soleArgument(function);
        if (function.isAllColumns()
                || name.equals("count") && (sole == null || countOfConstant(name, sole))) {
            buffer.append('*');
        } else if (function.getParameters() != null) {
            String separator = "";
            for (Expression argument : function.getParameters()) {
                buffer.append(separator);
                argument.accept(this, context);
                separator = ", ";
            }
        }
        return buffer.append(')');
    }

    /**
     * SQLite's {@code max(a, b)} and {@code min(a, b)} are no aggregates: they compare their
     * arguments.
     */
    private static boolean isAggregate(String name, Function function) {
        boolean scalarMinMax =
                (name.equals("min") || name.equals("max"))
                        && function.getParameters() != null
                        && function.getParameters().size() > 1;
        return AGGREGATES.contains(name) && !scalarMinMax;
    }

    private static boolean hasClausesBeyondArguments(Function function) {
        return function.getKeep() != null
                || function.getOrderByElements() != null
                || function.getNamedParameters() != null
                || function.getHavingClause() != null
                || function.getLimit() != null
                || function.getAttribute(Expression.class) != null;
    }

    /** The one argument of a call (null for {@code f(*)}, none, or several). */
    private static Expression soleArgument(Function call) {
        if (call.isAllColumns() || call.getParameters() == null || call.getParameters().size() != 1)
            return null;
        Expression only = call.getParameters().get(0);
        return only instanceof AllColumns && !(only instanceof AllTableColumns) ? null : only;
    }

    /** {@code COUNT(1)}: a count of rows, as {@code COUNT(*)}. */
    private static boolean countOfConstant(String name, Expression argument) {
        Literal constant = Literal.of(argument);
        return name.equals("count") && constant != null && constant.kind() == Literal.Kind.NUMBER;
    }

    private static String lowerOutsideStrings(String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean inString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'') inString = !inString;
            out.append(inString ? c : Character.toLowerCase(c));
        }
        return out.toString().replaceAll("\\s+", " ").strip();
    }
}
