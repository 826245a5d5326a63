package dev.sqlexam.suite;

import dev.sqlexam.model.Sha256;
import dev.sqlexam.sql.SqlText;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One exam database's test suite as built (or found cached): its databases in order (the distilled
 * ones first), which golds may not be graded on which of them ({@code goldHealth}: suite database →
 * gold digest → why: the gold errs, times out or cuts a tie there), how many databases each gold is
 * defined on at least where the pool allowed ({@code perGold}), the neighbours the suite tells
 * apart, how its distillation went ({@code stats}), and the databases kept for some golds only
 * ({@code onlyFor}: database → the digests of the golds graded there; a database not named serves
 * every gold).
 */
public record TestSuite(
        String sourceDb,
        String hash,
        List<String> databases,
        Map<String, Map<String, String>> goldHealth,
        SuiteSchema schema,
        int neighbours,
        int distinguished,
        long buildMs,
        List<String> notes,
        int perGold,
        Stats stats,
        Map<String, List<String>> onlyFor)
        implements Serializable {

    public TestSuite {
        databases = List.copyOf(databases);
        goldHealth = Map.copyOf(goldHealth);
        notes = notes == null ? List.of() : List.copyOf(notes);
        if (perGold <= 0) perGold = databases.size();
        onlyFor = onlyFor == null ? Map.of() : Map.copyOf(onlyFor);
    }

    public TestSuite(
            String sourceDb,
            String hash,
            List<String> databases,
            Map<String, Map<String, String>> goldHealth,
            SuiteSchema schema,
            int neighbours,
            int distinguished,
            long buildMs,
            List<String> notes,
            int perGold,
            Stats stats) {
        this(
                sourceDb,
                hash,
                databases,
                goldHealth,
                schema,
                neighbours,
                distinguished,
                buildMs,
                notes,
                perGold,
                stats,
                Map.of());
    }

    /**
     * Builds the suite of {@code sourceDb} under {@code hash}: no databases, zero, null or empty
     * where not set.
     */
    public static Builder of(String sourceDb, String hash) {
        return new Builder(sourceDb, hash);
    }

    /** Builds a {@link TestSuite} by its fields' names. */
    public static final class Builder {
        private final String sourceDb;
        private final String hash;
        private List<String> databases = List.of();
        private Map<String, Map<String, String>> goldHealth = Map.of();
        private Map<String, List<String>> onlyFor = Map.of();
        private SuiteSchema schema;
        private int neighbours;
        private int distinguished;
        private long buildMs;
        private List<String> notes = List.of();
        private int perGold;
        private Stats stats;

        private Builder(String sourceDb, String hash) {
            this.sourceDb = sourceDb;
            this.hash = hash;
        }

        public Builder databases(
                List<String> databases,
                Map<String, Map<String, String>> goldHealth,
                Map<String, List<String>> onlyFor) {
            this.databases = databases;
            this.goldHealth = goldHealth;
            this.onlyFor = onlyFor;
            return this;
        }

        public Builder schema(SuiteSchema value) {
            schema = value;
            return this;
        }

        public Builder neighbours(int value, int distinguished) {
            neighbours = value;
            this.distinguished = distinguished;
            return this;
        }

        public Builder buildMs(long value) {
            buildMs = value;
            return this;
        }

        public Builder notes(List<String> value) {
            notes = value;
            return this;
        }

        public Builder perGold(int value) {
            perGold = value;
            return this;
        }

        public Builder stats(Stats value) {
            stats = value;
            return this;
        }

        public TestSuite build() {
            return new TestSuite(
                    sourceDb,
                    hash,
                    databases,
                    goldHealth,
                    schema,
                    neighbours,
                    distinguished,
                    buildMs,
                    notes,
                    perGold,
                    stats,
                    onlyFor);
        }
    }

    /**
     * Whether the gold of {@code goldDigest} is graded on {@code database} at all (a database kept
     * for other golds: no).
     */
    public boolean serves(String database, String goldDigest) {
        List<String> only = onlyFor.get(database);
        return only == null || only.contains(goldDigest);
    }

    /**
     * How the suite was distilled: candidate databases tried, kept, chosen by the greedy step and
     * its reserved places; coverage of the first {@code kept} candidates as made (no distillation),
     * of the kept ones, and of the whole pool; neighbours the kept ones do not tell apart by kind
     * of mutation; golds defined on none of the kept databases (their predictions are unchecked);
     * of the kept databases, how many serve some golds only.
     */
    public record Stats(
            int tried,
            int kept,
            int distilled,
            double coverageUndistilled,
            double coverageKept,
            double coveragePool,
            Map<String, Integer> undistinguishedByKind,
            int goldsUnchecked,
            int keptForSomeGolds)
            implements Serializable {

        public Stats {
            undistinguishedByKind =
                    undistinguishedByKind == null ? Map.of() : new TreeMap<>(undistinguishedByKind);
        }
    }

    /**
     * Whether the gold of {@code goldDigest} is graded on {@code database}: kept for it and defined
     * there.
     */
    public boolean grades(String database, String goldDigest) {
        return serves(database, goldDigest) && goldProblem(database, goldDigest) == null;
    }

    /**
     * Why the gold of {@code goldDigest} ({@link #digest}) cannot be graded on {@code database}
     * (null: it can).
     */
    public String goldProblem(String database, String goldDigest) {
        Map<String, String> health = goldHealth.get(database);
        return health == null ? null : health.get(goldDigest);
    }

    /** Coverage: the share of neighbours some suite database tells apart from their gold. */
    public double coverage() {
        return neighbours == 0 ? 1.0 : (double) distinguished / neighbours;
    }

    public static String digest(String sql) {
        return Sha256.hex(SqlText.stripTrailingSemicolons(sql).strip()).substring(0, 16);
    }
}
