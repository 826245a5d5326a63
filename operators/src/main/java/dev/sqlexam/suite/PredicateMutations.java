package dev.sqlexam.suite;

import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.Expression;
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

import java.util.List;

/**
 * The neighbours made at one predicate: a conjunct dropped, a comparison flipped or loosened, its
 * literal perturbed, IS NULL / IN / LIKE negated, a BETWEEN's upper bound perturbed.
 */
final class PredicateMutations {

    private PredicateMutations() {}

    /** Every mutation of the predicate {@code at}, in a fixed order. */
    static void add(NeighbourCollector out, QuerySites.Predicate p, int at) {
        Expression e = p.expression();
        out.add(
                "drop a condition",
                p.conjunct(),
                at,
                (q, k) -> q.predicates.get(k).replace().accept(new BooleanValue(true)));
        if (e instanceof ComparisonOperator c) {
            comparison(out, c, at);
        } else if (e instanceof IsNullExpression) {
            out.add(
                    "negate IS NULL",
                    true,
                    at,
                    (q, k) -> {
                        IsNullExpression x = (IsNullExpression) q.predicates.get(k).expression();
                        x.setNot(!x.isNot());
                    });
        } else if (e instanceof InExpression) {
            out.add(
                    "negate IN",
                    true,
                    at,
                    (q, k) -> {
                        InExpression x = (InExpression) q.predicates.get(k).expression();
                        x.setNot(!x.isNot());
                    });
        } else if (e instanceof LikeExpression) {
            out.add(
                    "negate LIKE",
                    true,
                    at,
                    (q, k) -> {
                        LikeExpression x = (LikeExpression) q.predicates.get(k).expression();
                        x.setNot(!x.isNot());
                    });
        } else if (e instanceof Between b) {
            out.add(
                    "perturb a BETWEEN bound",
                    LiteralPerturbation.perturbable(b.getBetweenExpressionEnd()),
                    at,
                    (q, k) -> {
                        Between x = (Between) q.predicates.get(k).expression();
                        x.setBetweenExpressionEnd(
                                LiteralPerturbation.perturbed(x.getBetweenExpressionEnd()));
                    });
        }
    }

    /** The comparison flipped or loosened each way it can be, then its literal perturbed. */
    private static void comparison(NeighbourCollector out, ComparisonOperator c, int at) {
        for (String to : flips(c)) {
            out.add(
                    "comparison " + c.getStringExpression() + " → " + to,
                    true,
                    at,
                    (q, k) -> {
                        ComparisonOperator x =
                                (ComparisonOperator) q.predicates.get(k).expression();
                        q.predicates
                                .get(k)
                                .replace()
                                .accept(
                                        comparison(
                                                to, x.getLeftExpression(), x.getRightExpression()));
                    });
        }
        out.add(
                "perturb a literal",
                LiteralPerturbation.perturbable(c.getRightExpression()),
                at,
                (q, k) -> {
                    ComparisonOperator x = (ComparisonOperator) q.predicates.get(k).expression();
                    x.setRightExpression(LiteralPerturbation.perturbed(x.getRightExpression()));
                });
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
}
