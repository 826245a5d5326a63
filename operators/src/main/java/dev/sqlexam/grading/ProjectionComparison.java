package dev.sqlexam.grading;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The output expressions of two paired blocks: the same ones (aliases aside) first, then pairs that
 * differ only in their aggregates (function, DISTINCT, argument) or in taking an aggregate of a
 * column instead of the column; what is left over is a different column, and the count and order
 * are compared last.
 */
final class ProjectionComparison {

    private final ColumnMatcher matcher;
    private final Findings out;
    private final String where;

    private ProjectionComparison(ColumnMatcher matcher, Findings out, String where) {
        this.matcher = matcher;
        this.out = out;
        this.where = where;
    }

    static void compare(
            SelectBlock gold,
            SelectBlock predicted,
            ColumnMatcher matcher,
            Findings out,
            String where) {
        new ProjectionComparison(matcher, out, where)
                .compare(
                        gold.items, predicted.items, gold.selectsStar() || predicted.selectsStar());
    }

    private void compare(List<CanonicalExpr> gold, List<CanonicalExpr> predicted, boolean star) {
        int[] partner = new int[gold.size()];
        Arrays.fill(partner, -1);
        boolean[] taken = new boolean[predicted.size()];
        pairSame(gold, predicted, partner, taken);
        if (star) {
            if (!allPaired(partner) || gold.size() != predicted.size())
                out.add(
                        ErrorCategories.PROJECTION_COLUMNS,
                        where
                                + "the gold selects "
                                + list(gold)
                                + ", the prediction "
                                + list(predicted));
            return;
        }
        for (int i = 0; i < gold.size(); i++) {
            if (partner[i] >= 0) continue;
            for (int j = 0; j < predicted.size(); j++) {
                if (taken[j] || !differInAggregatesOnly(gold.get(i), predicted.get(j))) continue;
                compareAggregates(gold.get(i), predicted.get(j));
                partner[i] = j;
                taken[j] = true;
                break;
            }
        }
        for (int i = 0; i < gold.size(); i++) {
            if (partner[i] >= 0) continue;
            for (int j = 0; j < predicted.size(); j++) {
                if (taken[j] || !aggregateOfColumn(gold.get(i), predicted.get(j))) continue;
                partner[i] = j;
                taken[j] = true;
                break;
            }
        }
        List<CanonicalExpr> lostGold = new ArrayList<>();
        for (int i = 0; i < gold.size(); i++) if (partner[i] < 0) lostGold.add(gold.get(i));
        List<CanonicalExpr> addedPredicted = new ArrayList<>();
        for (int j = 0; j < predicted.size(); j++)
            if (!taken[j]) addedPredicted.add(predicted.get(j));
        if (!lostGold.isEmpty() && !addedPredicted.isEmpty())
            out.add(
                    ErrorCategories.PROJECTION_COLUMNS,
                    where
                            + "the gold selects "
                            + list(lostGold, addedPredicted)
                            + " where the prediction selects "
                            + list(addedPredicted, lostGold));
        if (gold.size() != predicted.size())
            out.add(
                    ErrorCategories.PROJECTION_COUNT,
                    where
                            + "the gold selects "
                            + gold.size()
                            + " column(s) ("
                            + list(gold)
                            + "), the prediction "
                            + predicted.size()
                            + " ("
                            + list(predicted)
                            + ")");
        else if (allPaired(partner) && !inOrder(partner))
            out.add(
                    ErrorCategories.PROJECTION_ORDER,
                    where
                            + "the prediction selects "
                            + list(predicted, gold)
                            + " where the gold selects "
                            + list(gold, predicted));
    }

    private void pairSame(
            List<CanonicalExpr> gold,
            List<CanonicalExpr> predicted,
            int[] partner,
            boolean[] taken) {
        for (int i = 0; i < gold.size(); i++) {
            if (i < predicted.size() && matcher.same(gold.get(i), predicted.get(i))) {
                partner[i] = i;
                taken[i] = true;
            }
        }
        for (int i = 0; i < gold.size(); i++) {
            if (partner[i] >= 0) continue;
            for (int j = 0; j < predicted.size(); j++) {
                if (!taken[j] && matcher.same(gold.get(i), predicted.get(j))) {
                    partner[i] = j;
                    taken[j] = true;
                    break;
                }
            }
        }
    }

    private boolean differInAggregatesOnly(CanonicalExpr gold, CanonicalExpr predicted) {
        return !gold.aggregates().isEmpty()
                && gold.aggregates().size() == predicted.aggregates().size()
                && matcher.sameSkeleton(gold, predicted);
    }

    private void compareAggregates(CanonicalExpr gold, CanonicalExpr predicted) {
        for (int k = 0; k < gold.aggregates().size(); k++) {
            CanonicalExpr.Aggregate g = gold.aggregates().get(k);
            CanonicalExpr.Aggregate p = predicted.aggregates().get(k);
            String pair = "the gold takes " + g.display() + ", the prediction " + p.display();
            if (!g.function().equals(p.function()))
                out.add(ErrorCategories.AGGREGATION_FUNCTION, where + pair);
            if (g.distinct() != p.distinct())
                out.add(ErrorCategories.AGGREGATION_DISTINCT, where + pair);
            if (!matcher.sameOrBothNull(g.argument(), p.argument()))
                out.add(ErrorCategories.AGGREGATION_ARGUMENT, where + pair);
        }
    }

    /** {@code MAX(age)} against {@code age}: the aggregate taken or left out. */
    private boolean aggregateOfColumn(CanonicalExpr gold, CanonicalExpr predicted) {
        CanonicalExpr aggregated = gold.isAggregateCall() ? gold : predicted;
        CanonicalExpr plain = aggregated == gold ? predicted : gold;
        if (!aggregated.isAggregateCall() || !plain.aggregates().isEmpty()) return false;
        CanonicalExpr argument = aggregated.aggregates().get(0).argument();
        if (argument == null) return false;
        boolean same =
                aggregated == gold ? matcher.same(argument, plain) : matcher.same(plain, argument);
        if (same)
            out.add(
                    ErrorCategories.AGGREGATION_FUNCTION,
                    where
                            + "the gold selects "
                            + gold.display()
                            + ", the prediction "
                            + predicted.display()
                            + (aggregated == gold ? " without an aggregate" : ""));
        return same;
    }

    private static boolean allPaired(int[] partner) {
        return Arrays.stream(partner).allMatch(j -> j >= 0);
    }

    private static boolean inOrder(int[] partner) {
        for (int i = 0; i < partner.length; i++) if (partner[i] != i) return false;
        return true;
    }

    /** {@code items}' list, with tables where it would read as {@code others}' does. */
    private static String list(List<CanonicalExpr> items, List<CanonicalExpr> others) {
        if (!list(items).equals(list(others))) return list(items);
        return String.join(", ", items.stream().map(CanonicalExpr::qualifiedDisplay).toList());
    }

    static String list(List<CanonicalExpr> items) {
        return items.isEmpty()
                ? "nothing"
                : String.join(", ", items.stream().map(CanonicalExpr::display).toList());
    }
}
