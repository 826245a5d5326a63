package dev.sqlexam.grading;

import java.util.ArrayList;
import java.util.List;

/**
 * The conditions of WHERE and JOIN ON, compared over the whole query (a rewrite may move one into a
 * subquery or a set operation's branch): each pair or unpaired condition becomes its finding, and
 * each pair of subquery conditions is handed back for its subqueries to be compared.
 */
final class FilterComparison {

    /** Two subqueries in the same place, and how to say where they are. */
    record SubqueryPair(ShapeNode gold, ShapeNode predicted, String context) {}

    private FilterComparison() {}

    static List<SubqueryPair> report(ConditionMatching matching, Findings out) {
        List<SubqueryPair> subqueries = new ArrayList<>();
        for (ConditionMatching.Pair pair : matching.pairs) {
            Condition g = pair.gold();
            Condition p = pair.predicted();
            String where = g.nested() ? " (in a subquery)" : "";
            switch (pair.kind()) {
                case SAME -> {}
                case VALUE ->
                        out.add(
                                ErrorCategories.FILTER_CONSTANT,
                                "the prediction compares "
                                        + leftOf(g)
                                        + " with "
                                        + p.valuesDisplay()
                                        + ", the gold with "
                                        + g.valuesDisplay()
                                        + where);
                case OPERATOR -> {
                    out.add(
                            ErrorCategories.FILTER_OPERATOR,
                            "the gold has "
                                    + g.display()
                                    + ", the prediction "
                                    + p.display()
                                    + nullNote(p)
                                    + where);
                    if (valuesDiffer(g, p))
                        out.add(
                                ErrorCategories.FILTER_CONSTANT,
                                "the prediction compares "
                                        + leftOf(g)
                                        + " with "
                                        + p.valuesDisplay()
                                        + ", the gold with "
                                        + g.valuesDisplay()
                                        + where);
                }
                case OTHER_COLUMN -> {
                    out.add(
                            ErrorCategories.FILTER_MISSING,
                            "the prediction lacks " + g.display() + where);
                    out.add(
                            ErrorCategories.FILTER_EXTRA,
                            "the prediction adds " + p.display() + where);
                }
                case NESTING ->
                        out.add(
                                ErrorCategories.NESTING,
                                "the gold compares "
                                        + leftOf(g)
                                        + " with "
                                        + g.valuesDisplay()
                                        + ", the prediction with "
                                        + p.valuesDisplay()
                                        + where);
            }
            if (g.isSubquery() && p.isSubquery())
                subqueries.add(
                        new SubqueryPair(
                                g.subquery(), p.subquery(), "in the subquery of " + g.display()));
        }
        List<String> lost = matching.unpairedGold.stream().map(Condition::display).toList();
        List<String> added = matching.unpairedPredicted.stream().map(Condition::display).toList();
        for (Condition g : matching.unpairedGold) {
            String where = g.nested() ? " (in a subquery)" : "";
            String display = g.display(added.contains(g.display()));
            if (g.isSubquery())
                out.add(
                        ErrorCategories.NESTING,
                        "the prediction lacks the subquery condition " + display + where);
            else out.add(ErrorCategories.FILTER_MISSING, "the prediction lacks " + display + where);
        }
        for (Condition p : matching.unpairedPredicted) {
            String where = p.nested() ? " (in a subquery)" : "";
            String display = p.display(lost.contains(p.display()));
            if (p.isSubquery())
                out.add(
                        ErrorCategories.NESTING,
                        "the prediction adds the subquery condition " + display + where);
            else out.add(ErrorCategories.FILTER_EXTRA, "the prediction adds " + display + where);
        }
        return subqueries;
    }

    private static String leftOf(Condition c) {
        return c.left() == null ? "rows" : c.left().display();
    }

    private static String nullNote(Condition c) {
        boolean comparesWithNull =
                c.values() != null
                        && c.values().stream().anyMatch(v -> v.kind() == Literal.Kind.NULL)
                        && !c.operator().startsWith("is");
        return comparesWithNull ? " (a comparison with NULL is never true)" : "";
    }

    /**
     * With another operator, whether the constants differ too: not when one's are among the other's
     * ({@code IN ('a', 'b')} for {@code = 'a'}), nor for a LIKE pattern's wildcards.
     */
    private static boolean valuesDiffer(Condition g, Condition p) {
        if (g.values() == null || p.values() == null) return false;
        if (g.values().isEmpty() || p.values().isEmpty()) return false;
        List<Literal> a = withoutWildcards(g);
        List<Literal> b = withoutWildcards(p);
        return !ConditionMatching.contains(a, b) && !ConditionMatching.contains(b, a);
    }

    private static List<Literal> withoutWildcards(Condition c) {
        if (!c.operator().contains("like")) return c.values();
        return c.values().stream().map(v -> Literal.string(v.withoutWildcards())).toList();
    }
}
