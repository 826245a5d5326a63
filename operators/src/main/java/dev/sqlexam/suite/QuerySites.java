package dev.sqlexam.suite;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.util.TablesNamesFinder;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The places of a parsed query a mutation can change, in a fixed order (the same for two parses of
 * the same text): every SELECT block (subqueries and set operations included), every aggregate or
 * function call, and every predicate of a WHERE, HAVING or JOIN ON condition or of a CASE's WHEN,
 * with a way to replace it in its parent.
 */
final class QuerySites {

    /**
     * A predicate and how to put another expression in its place; {@code conjunct}: reached from
     * its clause through ANDs only.
     */
    record Predicate(Expression expression, Consumer<Expression> replace, boolean conjunct) {}

    final List<PlainSelect> selects = new ArrayList<>();
    final List<Function> functions = new ArrayList<>();
    final List<Predicate> predicates = new ArrayList<>();
    private final List<WhenClause> whens = new ArrayList<>();

    static QuerySites of(Statement statement) {
        QuerySites sites = new QuerySites();
        new Collector(sites).getTables(statement);
        for (PlainSelect select : sites.selects) {
            if (select.getWhere() != null) sites.walk(select.getWhere(), select::setWhere, true);
            if (select.getHaving() != null) sites.walk(select.getHaving(), select::setHaving, true);
            if (select.getJoins() != null) {
                for (Join join : select.getJoins()) {
                    if (join.getOnExpression() != null)
                        sites.walk(join.getOnExpression(), join::setOnExpression, true);
                }
            }
        }
        // after the clauses, so that the clauses' predicates keep their numbers
        for (var when : List.copyOf(sites.whens))
            sites.walk(when.getWhenExpression(), when::setWhenExpression, false);
        return sites;
    }

    private void walk(Expression e, Consumer<Expression> replace, boolean conjunct) {
        if (e instanceof AndExpression and) {
            walk(and.getLeftExpression(), and::setLeftExpression, conjunct);
            walk(and.getRightExpression(), and::setRightExpression, conjunct);
        } else if (e instanceof OrExpression or) {
            walk(or.getLeftExpression(), or::setLeftExpression, false);
            walk(or.getRightExpression(), or::setRightExpression, false);
        } else if (e instanceof NotExpression not) {
            walk(not.getExpression(), not::setExpression, false);
        } else if (e instanceof ParenthesedExpressionList<?> list && list.size() == 1) {
            @SuppressWarnings("unchecked")
            ParenthesedExpressionList<Expression> inner =
                    (ParenthesedExpressionList<Expression>) list;
            walk(inner.get(0), x -> inner.set(0, x), conjunct);
        } else {
            predicates.add(new Predicate(e, replace, conjunct));
        }
    }

    /**
     * TablesNamesFinder visits every part of a statement; this one keeps the SELECT blocks and
     * function calls it passes.
     */
    private static final class Collector extends TablesNamesFinder<Void> {
        private final QuerySites sites;

        Collector(QuerySites sites) {
            this.sites = sites;
        }

        @Override
        public <S> Void visit(PlainSelect plainSelect, S context) {
            sites.selects.add(plainSelect);
            return super.visit(plainSelect, context);
        }

        @Override
        public <S> Void visit(WhenClause when, S context) {
            sites.whens.add(when);
            return super.visit(when, context);
        }

        @Override
        public <S> Void visit(Function function, S context) {
            sites.functions.add(function);
            return super.visit(function, context);
        }
    }
}
