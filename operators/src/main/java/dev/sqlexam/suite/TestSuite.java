package dev.sqlexam.suite;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * One exam database's test suite as built (or found cached): its databases in order, which golds may not be graded on
 * which of them ({@code goldHealth}: suite database → gold digest → why: the gold errs, times out or cuts a tie there),
 * the neighbours its distillation tried and told apart, and what building it cost.
 */
public record TestSuite(String sourceDb, String hash, List<String> databases, Map<String, Map<String, String>> goldHealth,
        SuiteSchema schema, int neighbours, int distinguished, long buildMs, List<String> notes) implements Serializable {

    public TestSuite {
        databases = List.copyOf(databases);
        goldHealth = Map.copyOf(goldHealth);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** Why the gold of {@code goldDigest} ({@link #digest}) cannot be graded on {@code database} (null: it can). */
    public String goldProblem(String database, String goldDigest) {
        Map<String, String> health = goldHealth.get(database);
        return health == null ? null : health.get(goldDigest);
    }

    /** Coverage: the share of neighbours some suite database tells apart from their gold. */
    public double coverage() {
        return neighbours == 0 ? 1.0 : (double) distinguished / neighbours;
    }

    public static String digest(String sql) {
        return dev.sqlexam.model.Sha256.hex(dev.sqlexam.sql.SqlText.stripTrailingSemicolons(sql).strip()).substring(0, 16);
    }
}
