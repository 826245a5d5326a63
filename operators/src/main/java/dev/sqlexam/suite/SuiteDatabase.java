package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.sql.ErrorText;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * One database of a test suite on sqlexam's own server: created with the source's schema, filled
 * table by table parents first, given to the read-only role to read. Only databases whose names
 * start with {@link #PREFIX} are ever made or dropped here.
 */
public final class SuiteDatabase {

    public static final String PREFIX = "sqlexam_suite_";

    private SuiteDatabase() {}

    /**
     * What a fill stored: each table's rows, and what could not be made (constraints or views that
     * did not take).
     */
    public record Filled(Map<String, List<String[]>> rows, List<String> notes) {}

    public static void create(JdbcUrlTemplate server, String name) throws SQLException {
        requireOurs(name);
        try (Connection c = DriverManager.getConnection(server.forDatabase("postgres"));
                Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + name);
            st.execute("CREATE DATABASE " + name);
        }
    }

    public static void drop(JdbcUrlTemplate server, String name) throws SQLException {
        requireOurs(name);
        try (Connection c = DriverManager.getConnection(server.forDatabase("postgres"));
                Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
    }

    /**
     * The suite databases on the server whose names start with {@code prefix} (itself starting with
     * {@link #PREFIX}).
     */
    public static List<String> existing(JdbcUrlTemplate server, String prefix) throws SQLException {
        requireOurs(prefix);
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(server.forDatabase("postgres"));
                PreparedStatement ps =
                        c.prepareStatement(
                                "SELECT datname FROM pg_database WHERE starts_with(datname, ?) ORDER BY datname")) {
            ps.setString(1, prefix);
            try (var rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        }
        return out;
    }

    /**
     * The schema without foreign keys: tables, constraints that hold on any subset of rows, unique
     * indexes.
     */
    static List<String> applySchema(Connection c, SuiteSchema schema, List<String> notes)
            throws SQLException {
        try (Statement st = c.createStatement()) {
            for (String s : schema.preamble()) st.execute(s);
            for (SuiteSchema.Table t : schema.tables()) {
                st.execute(t.createStatement());
                for (String constraint : t.constraints()) {
                    tryExecute(c, "ALTER TABLE " + t.qualified() + " ADD " + constraint, notes);
                }
            }
            for (String index : schema.uniqueIndexes()) tryExecute(c, index, notes);
        }
        return notes;
    }

    /**
     * Fills a database made by {@link #create} with generated rows; foreign keys and views are
     * added after the rows.
     */
    public static Filled fill(
            JdbcUrlTemplate server,
            String name,
            SuiteSchema schema,
            Map<String, List<List<String>>> samples,
            GoldConstants constants,
            RowGenerator.Profile profile,
            long seed)
            throws SQLException {
        List<String> notes = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(server.forDatabase(name))) {
            c.setAutoCommit(true);
            applySchema(c, schema, notes);
            Map<String, List<String[]>> stored =
                    loadRows(c, schema, samples, constants, profile, seed);
            for (SuiteSchema.Table t : schema.tables()) {
                for (SuiteSchema.ForeignKey fk : t.foreignKeys()) {
                    tryExecute(
                            c,
                            "ALTER TABLE "
                                    + t.qualified()
                                    + " ADD CONSTRAINT "
                                    + fk.name()
                                    + " "
                                    + fk.definition(),
                            notes);
                }
            }
            createViews(c, schema, notes);
            grantReader(c, schema);
            try (Statement st = c.createStatement()) {
                st.execute("ANALYZE");
            }
            return new Filled(stored, notes);
        }
    }

    /**
     * A scratch database for candidates: the schema (foreign keys aside: the rows keep them) and
     * its views, readable by the read-only role, refilled by {@link #reload} for each candidate.
     * Holds the same rows {@link #fill} makes for the same seed.
     */
    public static List<String> prepareScratch(
            JdbcUrlTemplate server, String name, SuiteSchema schema) throws SQLException {
        create(server, name);
        List<String> notes = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(server.forDatabase(name))) {
            c.setAutoCommit(true);
            applySchema(c, schema, notes);
            createViews(c, schema, notes);
            grantReader(c, schema);
        }
        return notes;
    }

    /**
     * Empties a scratch database's tables and fills them with the rows {@link #fill} makes for
     * {@code seed}.
     */
    public static Map<String, List<String[]>> reload(
            Connection c,
            SuiteSchema schema,
            Map<String, List<List<String>>> samples,
            GoldConstants constants,
            RowGenerator.Profile profile,
            long seed)
            throws SQLException {
        c.setAutoCommit(true);
        // a scratch database's rows are made again from their seed whenever needed: no commit waits
        // for the disk
        tryExecute(c, "SET synchronous_commit = off", null);
        if (!schema.tables().isEmpty()) {
            try (Statement st = c.createStatement()) {
                st.execute(
                        "TRUNCATE "
                                + String.join(
                                        ", ",
                                        schema.tables().stream()
                                                .map(SuiteSchema.Table::qualified)
                                                .toList()));
            }
        }
        Map<String, List<String[]>> stored = loadRows(c, schema, samples, constants, profile, seed);
        c.setAutoCommit(true);
        for (SuiteSchema.View v : schema.views()) {
            if (v.materialized())
                tryExecute(
                        c,
                        "REFRESH MATERIALIZED VIEW "
                                + SuiteSchema.quote(v.schema())
                                + "."
                                + SuiteSchema.quote(v.name()),
                        null);
        }
        return stored;
    }

    /**
     * Generates and inserts every table's rows, parents first, one transaction a table; what each
     * table stored.
     */
    private static Map<String, List<String[]>> loadRows(
            Connection c,
            SuiteSchema schema,
            Map<String, List<List<String>>> samples,
            GoldConstants constants,
            RowGenerator.Profile profile,
            long seed)
            throws SQLException {
        Map<String, List<String[]>> stored = new HashMap<>();
        Map<String, SuiteSchema.Table> byName = new HashMap<>();
        for (SuiteSchema.Table t : schema.tables()) byName.put(t.qualified(), t);
        Random random = new Random(seed);
        c.setAutoCommit(false);
        Map<String, Set<String>> referencedConstants = referencedConstants(schema, constants);
        for (SuiteSchema.Table t : schema.parentsFirst()) {
            Map<String, ColumnValues> values = new HashMap<>();
            List<List<String>> sampled = samples.getOrDefault(t.displayName(), List.of());
            CheckConstraints checks = new CheckConstraints(t);
            List<ColumnValues> byIndex = new ArrayList<>();
            for (int i = 0; i < t.columns().size(); i++) {
                final int col = i;
                SuiteSchema.Column column = t.columns().get(i);
                Set<String> compared = new LinkedHashSet<>(constants.forColumn(column.name()));
                compared.addAll(
                        referencedConstants.getOrDefault(
                                t.qualified() + "." + column.name(), Set.of()));
                ColumnValues v =
                        new ColumnValues(
                                column,
                                compared,
                                sampled.stream()
                                        .map(r -> col < r.size() ? r.get(col) : null)
                                        .toList(),
                                checks.names(i));
                values.put(column.name(), v);
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
                            constants.groups(),
                            constants.pairs(),
                            constants::countGroup);
            List<String[]> inserted = insert(c, t, checks.checked(c, rows), checks::mended);
            if (inserted.size() < rows.size()
                    && t.foreignKeys().stream().anyMatch(fk -> fk.parent().equals(t.qualified()))) {
                inserted = withoutDanglingSelfReferences(c, t);
            }
            stored.put(t.qualified(), inserted);
            c.commit();
        }
        c.setAutoCommit(true);
        return stored;
    }

    /**
     * A row a constraint refused may be the parent of rows of its own table (an employee's
     * manager): those references are set NULL where they may be, else pointed at the row itself
     * (the first row of a required self-reference does that already), else the rows go, until every
     * one finds its row; the table's rows as stored then.
     */
    private static List<String[]> withoutDanglingSelfReferences(Connection c, SuiteSchema.Table t)
            throws SQLException {
        for (int round = 0; round < 50; round++) {
            int changed = 0;
            for (SuiteSchema.ForeignKey fk : t.foreignKeys()) {
                if (!fk.parent().equals(t.qualified())) continue;
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
                java.sql.Savepoint before = c.setSavepoint();
                try (Statement st = c.createStatement()) {
                    changed += st.executeUpdate(update);
                } catch (SQLException refused) {
                    // a check or a unique key refuses the mend: the rows go
                    c.rollback(before);
                    try (Statement st = c.createStatement()) {
                        changed +=
                                st.executeUpdate("DELETE FROM " + t.qualified() + " c" + dangling);
                    }
                }
            }
            if (changed == 0) break;
        }
        return TableRows.read(c, t);
    }

    /**
     * The constants compared with a referencing column, by the referenced key column
     * ("table.column"): {@code WHERE customer_id = 42} wants a customer 42 for the rows to point
     * at.
     */
    private static Map<String, Set<String>> referencedConstants(
            SuiteSchema schema, GoldConstants constants) {
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
     * Inserts {@code rows}, in one batch when every row takes, else one by one (a row a constraint
     * refuses is left out).
     */
    static List<String[]> insert(Connection c, SuiteSchema.Table t, List<String[]> rows)
            throws SQLException {
        return insert(c, t, rows, null);
    }

    /**
     * As {@link #insert(Connection, SuiteSchema.Table, List)}; a row a check refuses is tried once
     * more as {@code mend} makes it (null: not).
     */
    static List<String[]> insert(
            Connection c,
            SuiteSchema.Table t,
            List<String[]> rows,
            java.util.function.UnaryOperator<String[]> mend)
            throws SQLException {
        List<Integer> columns = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> casts = new ArrayList<>();
        for (int i = 0; i < t.columns().size(); i++) {
            SuiteSchema.Column col = t.columns().get(i);
            if (!col.insertable()) continue;
            columns.add(i);
            names.add(SuiteSchema.quote(col.name()));
            casts.add("CAST(? AS " + col.type() + ")");
        }
        if (rows.isEmpty() || columns.isEmpty()) return List.of();
        String sql =
                "INSERT INTO "
                        + t.qualified()
                        + " ("
                        + String.join(", ", names)
                        + ") VALUES ("
                        + String.join(", ", casts)
                        + ")";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            Savepoint all = c.setSavepoint();
            try {
                for (String[] row : rows) {
                    bind(ps, row, columns);
                    ps.addBatch();
                }
                ps.executeBatch();
                return rows;
            } catch (SQLException e) {
                // a row of the batch refused: the rows are inserted one by one below
                c.rollback(all);
                ps.clearBatch();
            }
            List<String[]> kept = new ArrayList<>();
            for (String[] row : rows) {
                String refusal = insertOne(c, ps, row, columns);
                String[] mended =
                        CHECK_VIOLATION.equals(refusal) && mend != null ? mend.apply(row) : null;
                if (refusal == null) kept.add(row);
                else if (mended != null && insertOne(c, ps, mended, columns) == null)
                    kept.add(mended);
            }
            return kept;
        }
    }

    private static final String CHECK_VIOLATION = "23514";

    /**
     * Inserts one row: null when it took, else the SQLSTATE that refused it (rolled back to before
     * it).
     */
    private static String insertOne(
            Connection c, PreparedStatement ps, String[] row, List<Integer> columns)
            throws SQLException {
        Savepoint one = c.setSavepoint();
        try {
            bind(ps, row, columns);
            ps.executeUpdate();
            return null;
        } catch (SQLException e) {
            c.rollback(one);
            return e.getSQLState() == null ? "" : e.getSQLState();
        }
    }

    private static void bind(PreparedStatement ps, String[] row, List<Integer> columns)
            throws SQLException {
        for (int k = 0; k < columns.size(); k++) ps.setString(k + 1, row[columns.get(k)]);
    }

    /**
     * Views (and materialized views, filled from the suite's rows) in as many passes as their
     * dependencies need.
     */
    private static void createViews(Connection c, SuiteSchema schema, List<String> notes) {
        List<SuiteSchema.View> left = new ArrayList<>(schema.views());
        boolean progress = true;
        while (!left.isEmpty() && progress) {
            progress = false;
            for (var it = left.iterator(); it.hasNext(); ) {
                SuiteSchema.View v = it.next();
                if (tryExecute(c, v.createStatement(), null)) {
                    it.remove();
                    progress = true;
                }
            }
        }
        for (SuiteSchema.View v : left)
            notes.add("view " + v.schema() + "." + v.name() + " could not be made");
    }

    static void grantReader(Connection c, SuiteSchema schema) throws SQLException {
        Set<String> schemas = new LinkedHashSet<>();
        schemas.add("public");
        for (SuiteSchema.Table t : schema.tables()) schemas.add(t.schema());
        for (SuiteSchema.View v : schema.views()) schemas.add(v.schema());
        try (Statement st = c.createStatement()) {
            st.execute(
                    "GRANT CONNECT ON DATABASE "
                            + SuiteSchema.quote(c.getCatalog())
                            + " TO "
                            + ReaderAccess.READER_ROLE);
            for (String s : schemas) {
                st.execute(
                        "GRANT USAGE ON SCHEMA "
                                + SuiteSchema.quote(s)
                                + " TO "
                                + ReaderAccess.READER_ROLE);
                st.execute(
                        "GRANT SELECT ON ALL TABLES IN SCHEMA "
                                + SuiteSchema.quote(s)
                                + " TO "
                                + ReaderAccess.READER_ROLE);
            }
        }
    }

    /**
     * Runs one statement; false (and a note, when {@code notes} is given) when the server refuses
     * it.
     */
    static boolean tryExecute(Connection c, String sql, List<String> notes) {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
            return true;
        } catch (SQLException e) {
            if (notes != null)
                notes.add(
                        ErrorText.firstLine(e.getMessage())
                                + " ("
                                + (sql.length() > 120 ? sql.substring(0, 120) + "…" : sql)
                                + ")");
            return false;
        }
    }

    private static void requireOurs(String name) {
        if (!name.startsWith(PREFIX) || !JdbcUrlTemplate.isSafeDatabaseName(name)) {
            throw new IllegalArgumentException("not a test-suite database name: " + name);
        }
    }
}
