package dev.sqlexam.suite.independent;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.LentConnection;
import dev.sqlexam.database.Migrations;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.stream.Collectors;

/**
 * Databases this package creates on the test cluster, all named {@code indep_…} and all dropped by
 * {@link #dropAll}: the clinic exam database, empty copies of a schema (from its DDL) that
 * witnesses and evidence are loaded into, and the random databases of {@link IndependentRows}.
 */
final class ScratchDatabases implements AutoCloseable {

    static final String PREFIX = "indep_";
    private final JdbcUrlTemplate admin;
    private final String run = Long.toString(ProcessHandle.current().pid(), 36);
    private final Set<String> created = new LinkedHashSet<>();
    private final Map<String, Deque<Connection>> idle = new ConcurrentHashMap<>();
    private final Map<String, List<String>> tables = new ConcurrentHashMap<>();
    private volatile Boolean superuser;

    ScratchDatabases(JdbcUrlTemplate admin) {
        this.admin = admin;
    }

    /**
     * A new database {@code indep_<purpose>_<run>} with {@code ddl} applied, readable by sqlexam's
     * reader role.
     */
    String create(String purpose, String ddl) throws SQLException {
        String name = PREFIX + purpose + "_" + run;
        if (!JdbcUrlTemplate.isSafeDatabaseName(name)) throw new IllegalArgumentException(name);
        drop(name);
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        }
        created.add(name);
        if (ddl != null)
            try (Connection c = open(name);
                    Statement st = c.createStatement()) {
                st.execute(ddl);
            }
        Migrations.grantReadAccess(admin, name);
        return name;
    }

    /**
     * A connection to {@code database}, in autocommit; closing it gives it back for the next caller
     * (rolled back if a transaction was left open) rather than ending the session: a test loads
     * thousands of witnesses, and each new session pays a login and then reads every table's
     * catalog entries again.
     */
    Connection open(String database) throws SQLException {
        Connection physical = idle(database).pollFirst();
        if (physical == null || physical.isClosed())
            physical = DriverManager.getConnection(admin.forDatabase(database));
        try {
            physical.setAutoCommit(true);
        } catch (SQLException e) {
            physical.close();
            physical = DriverManager.getConnection(admin.forDatabase(database));
        }
        Connection lent = physical;
        return LentConnection.lend(lent, () -> giveBack(database, lent));
    }

    private Deque<Connection> idle(String database) {
        return idle.computeIfAbsent(database, k -> new ConcurrentLinkedDeque<>());
    }

    private void giveBack(String database, Connection physical) {
        try {
            if (physical.isClosed()) return;
            if (!physical.getAutoCommit()) physical.rollback();
            idle(database).addFirst(physical);
        } catch (SQLException e) {
            try {
                physical.close();
            } catch (SQLException ignored) {
                // already unusable: nothing to give back
            }
        }
    }

    private void closeIdle(String database) {
        Deque<Connection> connections = idle.remove(database);
        if (connections == null) return;
        for (Connection c : connections)
            try {
                c.close();
            } catch (SQLException ignored) {
                // the session is dropped with its database anyway
            }
    }

    void drop(String name) throws SQLException {
        closeIdle(name);
        tables.remove(name);
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
        created.remove(name);
    }

    /**
     * Empties every table of {@code database} and loads the statements in one transaction; throws
     * the first statement's error.
     */
    void load(String database, List<String> inserts) throws SQLException {
        try (Connection c = open(database)) {
            c.setAutoCommit(false);
            emptyAll(c, database);
            try (Statement st = c.createStatement()) {
                for (String sql : inserts) {
                    try {
                        st.execute(sql);
                    } catch (SQLException e) {
                        c.rollback();
                        throw new SQLException(e.getMessage() + " in: " + sql, e.getSQLState(), e);
                    }
                }
            }
            c.commit();
        }
    }

    /**
     * Empties every table of {@code database}'s public schema in {@code c}'s transaction. A
     * superuser deletes the rows with the foreign keys' triggers off (every row goes, so none is
     * left dangling), which costs a few milliseconds where a TRUNCATE makes every table's and
     * index's files anew (~55 ms for ERP's 89 tables); the foreign keys are on again for what the
     * transaction does next.
     */
    void emptyAll(Connection c, String database) throws SQLException {
        List<String> tables = publicTables(c, database);
        if (tables.isEmpty()) return;
        try (Statement st = c.createStatement()) {
            if (!superuser(c)) {
                st.execute("TRUNCATE " + String.join(", ", tables) + " CASCADE");
                return;
            }
            st.execute("SET LOCAL session_replication_role = replica");
            st.execute(
                    tables.stream().map(t -> "DELETE FROM " + t).collect(Collectors.joining("; ")));
            st.execute("SET LOCAL session_replication_role = origin");
        }
    }

    /** The quoted tables of {@code database}'s public schema, read once (its schema is fixed). */
    private List<String> publicTables(Connection c, String database) throws SQLException {
        List<String> known = tables.get(database);
        if (known != null) return known;
        List<String> read = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")) {
            while (rs.next()) read.add(Catalog.quote(rs.getString(1)));
        }
        tables.put(database, List.copyOf(read));
        return read;
    }

    private boolean superuser(Connection c) throws SQLException {
        if (superuser == null)
            try (Statement st = c.createStatement();
                    ResultSet rs =
                            st.executeQuery(
                                    "SELECT rolsuper FROM pg_roles WHERE rolname = current_user")) {
                superuser = rs.next() && rs.getBoolean(1);
            }
        return superuser;
    }

    /**
     * Loads rows given as text (null: NULL) into {@code table}'s {@code columns}, each under a
     * savepoint; returns the error of each row that did not take (empty when all did). The server
     * turns each text into the column's type, domains and enums included.
     */
    static List<String> insertText(
            Connection c, String table, List<String> columns, List<List<String>> rows)
            throws SQLException {
        String sql =
                "INSERT INTO "
                        + Catalog.quote(table)
                        + " ("
                        + String.join(", ", columns.stream().map(Catalog::quote).toList())
                        + ") VALUES ("
                        + String.join(", ", columns.stream().map(x -> "?").toList())
                        + ")";
        List<String> errors = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement(sql)) {
            for (List<String> row : rows) {
                for (int i = 0; i < columns.size(); i++)
                    st.setObject(i + 1, row.get(i), Types.OTHER);
                var sp = c.setSavepoint();
                try {
                    st.executeUpdate();
                    c.releaseSavepoint(sp);
                } catch (SQLException e) {
                    c.rollback(sp);
                    errors.add(e.getSQLState() + " " + e.getMessage());
                }
            }
        }
        return errors;
    }

    /** Names of the databases on the server that start with {@code prefix}. */
    List<String> existing(String prefix) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = open("postgres");
                PreparedStatement st =
                        c.prepareStatement(
                                "SELECT datname FROM pg_database WHERE datname LIKE ? || '%'")) {
            st.setString(1, prefix);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1));
            }
        }
        return out;
    }

    void dropAll() throws SQLException {
        for (String name : List.copyOf(created)) drop(name);
    }

    /**
     * Keeps autovacuum off {@code database}'s tables: emptied and loaded again for each witness,
     * their rows stay where they were inserted (a scan returns them in that order).
     */
    void autovacuumOff(String database) throws SQLException {
        try (Connection c = open(database);
                Statement st = c.createStatement()) {
            for (String t : publicTables(c, database))
                st.execute("ALTER TABLE " + t + " SET (autovacuum_enabled = off)");
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            dropAll();
        } finally {
            for (String database : List.copyOf(idle.keySet())) closeIdle(database);
        }
    }
}
