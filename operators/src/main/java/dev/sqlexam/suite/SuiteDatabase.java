package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.sql.ErrorText;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

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
                    new RowLoading(c, schema, samples, constants, profile).load(seed);
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
            autovacuumOff(c, schema, notes);
        }
        return notes;
    }

    /**
     * Autovacuum off every table of {@code schema}: a database emptied and loaded again (reload, a
     * replay) keeps its rows where they were inserted (a scan returns them in that order) and its
     * statistics between loads.
     */
    static void autovacuumOff(Connection c, SuiteSchema schema, List<String> notes) {
        for (SuiteSchema.Table t : schema.tables())
            tryExecute(
                    c, "ALTER TABLE " + t.qualified() + " SET (autovacuum_enabled = off)", notes);
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
            // DELETE, not TRUNCATE: the scratch database has no foreign keys, its tables hold a few
            // rows, and TRUNCATE makes every table's and index's files anew (ten times the time a
            // candidate on the ERP: docs/benchmarks.md, "Behind the code's choices")
            try (Statement st = c.createStatement()) {
                st.execute(
                        schema.tables().stream()
                                .map(t -> "DELETE FROM " + t.qualified())
                                .collect(Collectors.joining("; ")));
            }
        }
        Map<String, List<String[]>> stored =
                new RowLoading(c, schema, samples, constants, profile).load(seed);
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
     * Inserts {@code rows}, in one statement when every row takes, else one by one (a row a
     * constraint refuses is left out).
     */
    static List<String[]> insert(Connection c, SuiteSchema.Table t, List<String[]> rows)
            throws SQLException {
        return RowInserts.insert(c, t, rows);
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
