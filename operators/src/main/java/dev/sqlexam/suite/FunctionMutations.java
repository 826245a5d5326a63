package dev.sqlexam.suite;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;

import java.util.Locale;
import java.util.Map;

/**
 * The neighbours made at one function call: COUNT ↔ COUNT(DISTINCT), ROUND to more places,
 * COALESCE's fallback dropped, SUM/AVG(DISTINCT), MAX ↔ MIN and SUM ↔ AVG.
 */
final class FunctionMutations {

    private static final Map<String, String> AGGREGATE_SWAPS =
            Map.of("MAX", "MIN", "MIN", "MAX", "SUM", "AVG", "AVG", "SUM");

    private FunctionMutations() {}

    /** Every mutation of the function call {@code at}, in a fixed order. */
    static void add(NeighbourCollector out, Function f, int at) {
        String name = f.getName() == null ? "" : f.getName().toUpperCase(Locale.ROOT);
        out.add(
                "COUNT(DISTINCT x) → COUNT(x)",
                name.equals("COUNT") && f.isDistinct(),
                at,
                (q, k) -> q.functions.get(k).setDistinct(false));
        out.add(
                "COUNT(x) → COUNT(DISTINCT x)",
                name.equals("COUNT")
                        && !f.isDistinct()
                        && !f.isAllColumns()
                        && f.getParameters() != null
                        && !f.getParameters().isEmpty()
                        && !f.getParameters().toString().equals("*"),
                at,
                (q, k) -> q.functions.get(k).setDistinct(true));
        int arguments = f.getParameters() == null ? 0 : f.getParameters().size();
        arguments(out, name, arguments, at);
        out.add(
                name + "(x) → " + name + "(DISTINCT x)",
                (name.equals("SUM") || name.equals("AVG")) && !f.isDistinct() && arguments == 1,
                at,
                (q, k) -> q.functions.get(k).setDistinct(true));
        String swap = AGGREGATE_SWAPS.get(name);
        out.add(name + " → " + swap, swap != null, at, (q, k) -> q.functions.get(k).setName(swap));
    }

    /** ROUND to more places, COALESCE's fallback dropped: the call's arguments changed. */
    private static void arguments(NeighbourCollector out, String name, int arguments, int at) {
        out.add(
                "ROUND to more places",
                name.equals("ROUND") && arguments >= 1,
                at,
                (q, k) -> {
                    Function x = q.functions.get(k);
                    x.setParameters(
                            new ExpressionList<>(
                                    (Expression) x.getParameters().get(0), new LongValue(6)));
                });
        out.add(
                "drop COALESCE's fallback",
                (name.equals("COALESCE") || name.equals("IFNULL")) && arguments >= 2,
                at,
                (q, k) -> {
                    Function x = q.functions.get(k);
                    Expression first = (Expression) x.getParameters().get(0);
                    x.setParameters(new ExpressionList<>(first, first));
                });
    }
}
