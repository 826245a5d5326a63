package dev.sqlexam.grading;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Join conditions and join kinds, over the whole query. A gold join equality must be met by one of
 * the prediction's (an IN subquery's implied one counts), and the other way round; joins of a
 * missing or extra table are that table's finding, not this one's. Every join equality both queries
 * share makes its two columns interchangeable for the rest of the comparison.
 */
final class JoinComparison {

    private JoinComparison() {}

    static void compare(
            QueryShape gold,
            QueryShape predicted,
            TableComparison.Result tables,
            ColumnMatcher matcher,
            Findings out) {
        List<JoinEquality> goldJoins = relevant(gold.joins(), tables.missing());
        List<JoinEquality> predictedJoins = relevant(predicted.joins(), tables.extra());
        List<JoinEquality> lost = new ArrayList<>();
        for (JoinEquality g : goldJoins) {
            if (g.implied()) continue;
            JoinEquality match = find(g, predictedJoins, matcher, true);
            if (match == null) lost.add(g);
            else if (!Objects.equals(g.left().table(), g.right().table()))
                matcher.equate(g.left(), g.right());
        }
        List<JoinEquality> added = new ArrayList<>();
        for (JoinEquality p : predictedJoins) {
            if (!p.implied() && find(p, goldJoins, matcher, false) == null) added.add(p);
        }
        if (!lost.isEmpty() || !added.isEmpty())
            out.add(ErrorCategories.JOIN_CONDITION, describe(lost, added, matcher));
        compareKinds(gold, predicted, matcher, out);
    }

    private static List<JoinEquality> relevant(
            List<JoinEquality> joins, Set<String> unpairedTables) {
        List<JoinEquality> out = new ArrayList<>();
        for (JoinEquality join : joins) {
            if (join.left().table() == null || join.right().table() == null) {
                out.add(join);
                continue;
            }
            if (unpairedTables.stream().noneMatch(join::involves)) out.add(join);
        }
        return out;
    }

    private static JoinEquality find(
            JoinEquality join,
            List<JoinEquality> others,
            ColumnMatcher matcher,
            boolean goldFirst) {
        for (JoinEquality other : others) {
            JoinEquality g = goldFirst ? join : other;
            JoinEquality p = goldFirst ? other : join;
            boolean straight =
                    matcher.same(g.left(), p.left()) && matcher.same(g.right(), p.right());
            boolean crossed =
                    matcher.same(g.left(), p.right()) && matcher.same(g.right(), p.left());
            if (straight || crossed) return other;
        }
        return null;
    }

    private static String describe(
            List<JoinEquality> lost, List<JoinEquality> added, ColumnMatcher matcher) {
        String gold = String.join(", ", lost.stream().map(JoinEquality::display).toList());
        String predicted =
                String.join(
                        ", ",
                        added.stream()
                                .map(
                                        j ->
                                                new JoinEquality(
                                                                matcher.asGold(j.left()),
                                                                matcher.asGold(j.right()),
                                                                false)
                                                        .display())
                                .toList());
        if (added.isEmpty()) return "the prediction lacks the join condition " + gold;
        if (lost.isEmpty()) return "the prediction adds the join condition " + predicted;
        return "the gold joins on " + gold + ", the prediction on " + predicted;
    }

    private static void compareKinds(
            QueryShape gold, QueryShape predicted, ColumnMatcher matcher, Findings out) {
        for (String table : gold.tables()) {
            List<String> goldKinds = kinds(gold.tableUses(), table, null);
            List<String> predictedKinds = kinds(predicted.tableUses(), table, matcher);
            if (goldKinds.isEmpty() || predictedKinds.isEmpty() || goldKinds.equals(predictedKinds))
                continue;
            out.add(
                    ErrorCategories.JOIN_KIND,
                    "the gold joins "
                            + table
                            + " with "
                            + String.join("/", goldKinds)
                            + " JOIN, the prediction with "
                            + String.join("/", predictedKinds)
                            + " JOIN");
        }
    }

    private static List<String> kinds(List<TableUse> uses, String table, ColumnMatcher matcher) {
        List<String> out = new ArrayList<>();
        for (TableUse use : uses) {
            if (!use.joined()) continue;
            String name = matcher == null ? use.table() : matcher.asGold(use.table());
            String kind = use.joinKind().toUpperCase(Locale.ROOT);
            if (name.equals(table) && !out.contains(kind)) out.add(kind);
        }
        out.sort(null);
        return out;
    }
}
