package dev.sqlexam.repair;

import dev.sqlexam.config.Choices;
import dev.sqlexam.model.ColumnMatch;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.WhitelistGate;
import dev.sqlexam.model.WhitelistResult;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Seed 003's surgical column whitelist for 42703: the columns of the table the failing alias
 * resolves to and of its FK neighbours, for the repair prompt; an observe tier that only records
 * what it would do, and an active tier whose nine gates must all pass before it rewrites.
 * Invariant: the active tier passed ⇒ corrected SQL is present.
 */
public final class SurgicalWhitelist {

    /** SURGICAL_WHITELIST_CONFIG with the seed's numbers. */
    public record Config(
            Choices.WhitelistMode mode,
            Listing listing,
            double rewriteMinConfidence,
            double rewriteAmbiguityDelta,
            ScoreGates scoreGates,
            List<List<String>> riskPairs)
            implements Serializable {

        /**
         * How much the whitelist lists: the failing table and at most {@code maxNeighborTables} of
         * its FK neighbours, {@code maxTablesTotal} tables in all, {@code maxColumnsPerTable}
         * columns of each.
         */
        public record Listing(int maxNeighborTables, int maxTablesTotal, int maxColumnsPerTable)
                implements Serializable {}

        /**
         * The active tier's gates on the best candidate's score: a floor (5), its lead over the
         * second (6), and a lead small in both difference and ratio (7).
         */
        public record ScoreGates(
                double minScore, double minDominance, double minScoreDelta, double minScoreRatio)
                implements Serializable {}

        public static Config defaults(Choices.WhitelistMode mode) {
            return new Config(
                    mode,
                    new Listing(3, 4, 60),
                    0.75,
                    0.1,
                    new ScoreGates(0.80, 0.60, 0.10, 1.15),
                    List.of(
                            List.of("name", "number"),
                            List.of("name", "id"),
                            List.of("amount", "total"),
                            List.of("date", "id"),
                            List.of("vendor", "customer")));
        }

        public boolean active() {
            return mode == Choices.WhitelistMode.ACTIVE;
        }
    }

    private static final Set<String> SQL_WORDS =
            Set.of(
                    "year",
                    "month",
                    "day",
                    "date",
                    "count",
                    "sum",
                    "avg",
                    "min",
                    "max",
                    "now",
                    "extract",
                    "interval",
                    "current_date",
                    "current_timestamp",
                    "coalesce",
                    "cast",
                    "case",
                    "when",
                    "then",
                    "else",
                    "end",
                    "null");

    private SurgicalWhitelist() {}

    public static WhitelistResult process(
            String sql,
            String message,
            Map<String, Set<String>> columns,
            List<ForeignKey> fks,
            boolean autocorrectAttempted,
            boolean autocorrectSucceeded,
            Config config) {
        Autocorrect.ColumnRef ref = Autocorrect.parseColumn(message);
        if (ref == null) return null;
        String table = Autocorrect.resolve(sql, ref);
        Map<String, List<String>> whitelist = whitelist(table, columns, fks, config);
        Map<String, Set<String>> scope = new LinkedHashMap<>();
        if (table != null && columns.containsKey(table)) scope.put(table, columns.get(table));
        List<ColumnMatch> candidates = ColumnMatcher.matches(ref.column(), scope);
        WhitelistGate observe = observe(candidates, config);
        WhitelistGate active =
                active(
                        sql,
                        ref,
                        table,
                        candidates,
                        autocorrectAttempted,
                        autocorrectSucceeded,
                        config);
        return new WhitelistResult(table, whitelist, candidates, observe, active);
    }

    static Map<String, List<String>> whitelist(
            String table, Map<String, Set<String>> columns, List<ForeignKey> fks, Config config) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (table == null || !columns.containsKey(table)) return out;
        out.put(
                table,
                columns.get(table).stream()
                        .sorted()
                        .limit(config.listing().maxColumnsPerTable())
                        .toList());
        Set<String> neighbours = new LinkedHashSet<>();
        for (ForeignKey fk : fks) {
            if (fk.fromTable().equals(table)) neighbours.add(fk.toTable());
            if (fk.toTable().equals(table)) neighbours.add(fk.fromTable());
        }
        for (String n : neighbours.stream().limit(config.listing().maxNeighborTables()).toList()) {
            if (out.size() >= config.listing().maxTablesTotal() || !columns.containsKey(n))
                continue;
            out.put(
                    n,
                    columns.get(n).stream()
                            .sorted()
                            .limit(config.listing().maxColumnsPerTable())
                            .toList());
        }
        return out;
    }

    /** Shadow tier: would a conservative rewrite go ahead? Never changes anything. */
    static WhitelistGate observe(List<ColumnMatch> c, Config config) {
        if (c.isEmpty()) return new WhitelistGate(false, "no candidates", null);
        if (c.get(0).score() < config.rewriteMinConfidence())
            return new WhitelistGate(false, "below rewrite_min_confidence", null);
        if (c.size() > 1 && c.get(0).score() - c.get(1).score() < config.rewriteAmbiguityDelta())
            return new WhitelistGate(false, "ambiguous", null);
        return new WhitelistGate(true, null, null);
    }

    static WhitelistGate active(
            String sql,
            Autocorrect.ColumnRef ref,
            String table,
            List<ColumnMatch> c,
            boolean autocorrectAttempted,
            boolean autocorrectSucceeded,
            Config config) {
        if (SQL_WORDS.contains(ref.column().toLowerCase(Locale.ROOT))) return fail("1 keyword");
        if (table == null) return fail("2 alias does not resolve to one table");
        if (!autocorrectAttempted || autocorrectSucceeded)
            return fail("3 autocorrect not attempted or already fixed it");
        if (c.isEmpty()) return fail("4 no candidates");
        ColumnMatch best = c.get(0);
        if (best.score() < config.scoreGates().minScore()) return fail("5 score floor");
        if (c.size() > 1) {
            double second = c.get(1).score();
            if (best.score() - second < config.scoreGates().minDominance())
                return fail("6 dominance");
            if (best.score() - second < config.scoreGates().minScoreDelta()
                    && (second == 0
                            || best.score() / second < config.scoreGates().minScoreRatio())) {
                return fail("7 score separation");
            }
        }
        if (!best.exact() && !best.containment()) return fail("8 neither containment nor exact");
        if (risky(ref.column(), best.column(), config)) return fail("9 risk blacklist");
        String corrected = Autocorrect.replaceColumn(sql, ref, best.column());
        if (corrected.equals(sql)) return fail("rewrite changed nothing");
        return new WhitelistGate(true, null, corrected);
    }

    /**
     * Token diff: the reference has one word of a dangerous pair and the candidate the other
     * (vendor_name → vendor_number).
     */
    static boolean risky(String ref, String candidate, Config config) {
        Set<String> refOnly =
                new LinkedHashSet<>(ColumnMatcher.tokens(ref.toLowerCase(Locale.ROOT)));
        Set<String> candOnly =
                new LinkedHashSet<>(ColumnMatcher.tokens(candidate.toLowerCase(Locale.ROOT)));
        Set<String> shared = new LinkedHashSet<>(refOnly);
        shared.retainAll(candOnly);
        refOnly.removeAll(shared);
        candOnly.removeAll(shared);
        for (List<String> pair : config.riskPairs()) {
            String a = pair.get(0), b = pair.get(1);
            if (refOnly.contains(a) && candOnly.contains(b)
                    || refOnly.contains(b) && candOnly.contains(a)) return true;
        }
        return false;
    }

    private static WhitelistGate fail(String gate) {
        return new WhitelistGate(false, gate, null);
    }

    /** The whitelist as the MINIMAL_WHITELIST delta writes it. */
    public static List<String> render(Map<String, List<String>> whitelist) {
        List<String> out = new ArrayList<>();
        whitelist.forEach((t, cs) -> out.add(t + ": " + String.join(", ", cs)));
        return out;
    }
}
