package dev.sqlexam.suite;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Generates and inserts every table's rows of a suite database, parents first, one transaction a
 * table, from one seed ({@link SuiteDatabase#fill}, {@link SuiteDatabase#reload}).
 */
final class RowLoading {

    private final Connection c;
    private final SuiteSchema schema;
    private final Map<String, List<List<String>>> samples;
    private final GoldConstants constants;
    private final RowGenerator.Profile profile;

    /** What each table stored, by its qualified name. */
    private final Map<String, List<String[]>> stored = new HashMap<>();

    private final Map<String, SuiteSchema.Table> byName = new HashMap<>();

    RowLoading(
            Connection c,
            SuiteSchema schema,
            Map<String, List<List<String>>> samples,
            GoldConstants constants,
            RowGenerator.Profile profile) {
        this.c = c;
        this.schema = schema;
        this.samples = samples;
        this.constants = constants;
        this.profile = profile;
        for (SuiteSchema.Table t : schema.tables()) byName.put(t.qualified(), t);
    }

    /** Every table's rows for {@code seed}; what each table stored. */
    Map<String, List<String[]>> load(long seed) throws SQLException {
        Random random = new Random(seed);
        c.setAutoCommit(false);
        Map<String, Set<String>> referencedConstants = referencedConstants();
        for (SuiteSchema.Table t : schema.parentsFirst()) {
            stored.put(t.qualified(), loadTable(t, random, referencedConstants));
            c.commit();
        }
        c.setAutoCommit(true);
        return stored;
    }

    private List<String[]> loadTable(
            SuiteSchema.Table t, Random random, Map<String, Set<String>> referencedConstants)
            throws SQLException {
        Map<String, ColumnValues> values = new HashMap<>();
        List<List<String>> sampled = samples.getOrDefault(t.displayName(), List.of());
        CheckConstraints checks = new CheckConstraints(t);
        List<ColumnValues> byIndex = new ArrayList<>();
        for (int i = 0; i < t.columns().size(); i++) {
            ColumnValues v = columnValues(t, i, sampled, checks, referencedConstants);
            values.put(t.columns().get(i).name(), v);
            byIndex.add(v);
        }
        checks.keepAccepted(c, byIndex);
        List<String[]> rows =
                RowGenerator.rows(
                        t,
                        values,
                        sampled,
                        stored,
                        byName,
                        profile,
                        random,
                        new RowGenerator.GoldConditions(
                                constants.groups(), constants.pairs(), constants::countGroup));
        List<String[]> inserted = RowInserts.insert(c, t, checks.checked(c, rows), checks::mended);
        if (inserted.size() < rows.size()
                && t.foreignKeys().stream().anyMatch(fk -> fk.parent().equals(t.qualified()))) {
            inserted = withoutDanglingSelfReferences(t);
        }
        return inserted;
    }

    /**
     * The values column {@code col} draws from: the golds' constants for its name and those
     * compared with a column that references it, the sample's values.
     */
    private ColumnValues columnValues(
            SuiteSchema.Table t,
            int col,
            List<List<String>> sampled,
            CheckConstraints checks,
            Map<String, Set<String>> referencedConstants) {
        SuiteSchema.Column column = t.columns().get(col);
        Set<String> compared = new LinkedHashSet<>(constants.forColumn(column.name()));
        compared.addAll(
                referencedConstants.getOrDefault(t.qualified() + "." + column.name(), Set.of()));
        return new ColumnValues(
                column,
                compared,
                sampled.stream().map(r -> col < r.size() ? r.get(col) : null).toList(),
                checks.names(col));
    }

    /**
     * The constants compared with a referencing column, by the referenced key column
     * ("table.column"): {@code WHERE customer_id = 42} wants a customer 42 for the rows to point
     * at.
     */
    private Map<String, Set<String>> referencedConstants() {
        Map<String, Set<String>> out = new HashMap<>();
        for (SuiteSchema.Table t : schema.tables()) {
            for (SuiteSchema.ForeignKey fk : t.foreignKeys()) {
                for (int i = 0; i < fk.columns().size(); i++) {
                    out.computeIfAbsent(
                                    fk.parent() + "." + fk.parentColumns().get(i),
                                    k -> new LinkedHashSet<>())
                            .addAll(constants.forColumn(fk.columns().get(i)));
                }
            }
        }
        return out;
    }

    /**
     * A row a constraint refused may be the parent of rows of its own table (an employee's
     * manager): those references are set NULL where they may be, else pointed at the row itself
     * (the first row of a required self-reference does that already), else the rows go, until every
     * one finds its row; the table's rows as stored then.
     */
    private List<String[]> withoutDanglingSelfReferences(SuiteSchema.Table t) throws SQLException {
        for (int round = 0; round < 50; round++) {
            int changed = 0;
            for (SuiteSchema.ForeignKey fk : t.foreignKeys()) {
                if (fk.parent().equals(t.qualified())) changed += mendDangling(t, fk);
            }
            if (changed == 0) break;
        }
        return TableRows.read(c, t);
    }

    /** Mends (or else deletes) the rows whose self-reference {@code fk} finds no row; how many. */
    private int mendDangling(SuiteSchema.Table t, SuiteSchema.ForeignKey fk) throws SQLException {
        List<String> match = new ArrayList<>();
        List<String> present = new ArrayList<>();
        List<String> toNull = new ArrayList<>();
        List<String> toSelf = new ArrayList<>();
        for (int i = 0; i < fk.columns().size(); i++) {
            String col = SuiteSchema.quote(fk.columns().get(i));
            String parentCol = SuiteSchema.quote(fk.parentColumns().get(i));
            match.add("p." + parentCol + " = c." + col);
            present.add("c." + col + " IS NOT NULL");
            toNull.add(col + " = NULL");
            toSelf.add(col + " = c." + parentCol);
        }
        String dangling =
                " WHERE "
                        + String.join(" AND ", present)
                        + " AND NOT EXISTS (SELECT 1 FROM "
                        + t.qualified()
                        + " p WHERE "
                        + String.join(" AND ", match)
                        + ")";
        boolean nullable = fk.columns().stream().allMatch(col -> t.column(col).nullable());
        String update =
                "UPDATE "
                        + t.qualified()
                        + " c SET "
                        + String.join(", ", nullable ? toNull : toSelf)
                        + dangling;
        Integer mended =
                Refusable.orNull(
                        c,
                        () -> {
                            try (Statement st = c.createStatement()) {
                                return st.executeUpdate(update);
                            }
                        });
        if (mended != null) return mended;
        // a check or a unique key refuses the mend: the rows go
        try (Statement st = c.createStatement()) {
            return st.executeUpdate("DELETE FROM " + t.qualified() + " c" + dangling);
        }
    }
}
