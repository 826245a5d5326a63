package dev.sqlexam.grading;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tables each query reads, compared over the whole query. A missing and an extra table that
 * take the same role (the same place in the same FROM chain, or joined to the same table; or the
 * only two left) are one table put in another's place.
 */
final class TableComparison {

    /** Which gold table each substituted prediction table stands for; what is left unpaired. */
    record Result(
            Map<String, String> goldTableOfPredicted, Set<String> missing, Set<String> extra) {}

    private TableComparison() {}

    static Result compare(QueryShape gold, QueryShape predicted, Findings out) {
        return compare(
                gold.tables(),
                predicted.tables(),
                gold.tableUses(),
                predicted.tableUses(),
                partners(gold.joins()),
                partners(predicted.joins()),
                out);
    }

    /** For queries the parser could not read: the tables a lexical reading finds. */
    static Result compareNames(Set<String> gold, Set<String> predicted, Findings out) {
        return compare(gold, predicted, List.of(), List.of(), Map.of(), Map.of(), out);
    }

    private static Result compare(
            Set<String> goldTables,
            Set<String> predictedTables,
            List<TableUse> goldUses,
            List<TableUse> predictedUses,
            Map<String, Set<String>> goldPartners,
            Map<String, Set<String>> predictedPartners,
            Findings out) {
        Set<String> missing = new LinkedHashSet<>(goldTables);
        missing.removeAll(predictedTables);
        Set<String> extra = new LinkedHashSet<>(predictedTables);
        extra.removeAll(goldTables);
        Map<String, String> substitutes = new LinkedHashMap<>();
        for (String m : List.copyOf(missing)) {
            for (String e : extra) {
                if (samePlace(m, e, goldUses, predictedUses)
                        || sharePartner(goldPartners.get(m), predictedPartners.get(e))) {
                    substitutes.put(e, m);
                    missing.remove(m);
                    extra.remove(e);
                    break;
                }
            }
        }
        if (missing.size() == 1 && extra.size() == 1) {
            substitutes.put(extra.iterator().next(), missing.iterator().next());
            missing.clear();
            extra.clear();
        }
        substitutes.forEach(
                (e, m) ->
                        out.add(
                                ErrorCategories.TABLE_WRONG,
                                "the prediction reads " + e + " where the gold reads " + m));
        for (String m : missing)
            out.add(ErrorCategories.TABLE_MISSING, "the prediction does not read " + m);
        for (String e : extra)
            out.add(ErrorCategories.TABLE_EXTRA, "the prediction also reads " + e);
        return new Result(substitutes, Set.copyOf(missing), Set.copyOf(extra));
    }

    private static boolean samePlace(
            String gold, String predicted, List<TableUse> goldUses, List<TableUse> predictedUses) {
        for (TableUse g : goldUses) {
            if (!g.table().equals(gold)) continue;
            for (TableUse p : predictedUses)
                if (p.table().equals(predicted)
                        && p.blockPath().equals(g.blockPath())
                        && p.position() == g.position()) return true;
        }
        return false;
    }

    private static boolean sharePartner(Set<String> gold, Set<String> predicted) {
        if (gold == null || predicted == null) return false;
        Set<String> shared = new HashSet<>(gold);
        shared.retainAll(predicted);
        return !shared.isEmpty();
    }

    /** The tables each table is joined to (by a join equality, real or implied). */
    private static Map<String, Set<String>> partners(List<JoinEquality> joins) {
        Map<String, Set<String>> out = new HashMap<>();
        for (JoinEquality join : joins) {
            if (join.left().table() == null || join.right().table() == null) continue;
            String a = SqlNames.baseTable(join.left().table());
            String b = SqlNames.baseTable(join.right().table());
            if (a.equals(b)) continue;
            out.computeIfAbsent(a, k -> new HashSet<>()).add(b);
            out.computeIfAbsent(b, k -> new HashSet<>()).add(a);
        }
        return out;
    }
}
