package dev.sqlexam.database;

import dev.sqlexam.io.Closing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pre-flight check of a job: can the identity that runs gold and candidate SQL read every table
 * the golds use, in every database of the exam set? Where it cannot and the connecting user may
 * grant, it grants the least that works (CONNECT on the database, USAGE and SELECT on its user
 * schemas, in the exam's databases only) and says what it granted; what is still missing comes back
 * with the statement an administrator must run.
 */
public final class ReadAccessCheck {

    /** A table the reader still cannot read, and what an administrator must run. */
    public record Missing(String database, String table, String statement) {}

    /** What the check found and did. */
    public record Report(
            String role, int databases, int tables, List<String> granted, List<Missing> missing) {
        public boolean ok() {
            return missing.isEmpty();
        }
    }

    private final JdbcUrlTemplate admin;
    private final boolean mayGrant;
    private final String role;

    /**
     * {@code role}: whose privileges count (sqlexam's reader role; null: the connecting user, who
     * runs candidate SQL itself).
     */
    public ReadAccessCheck(JdbcUrlTemplate admin, String role, boolean mayGrant) {
        this.admin = admin;
        this.role = role;
        this.mayGrant = mayGrant;
    }

    /**
     * The tables of one database to check, read on the check's own connection (a gold's plan names
     * them), so that one connection per database serves both.
     */
    @FunctionalInterface
    public interface TablesToCheck {
        Set<String> on(Connection connection) throws SQLException;
    }

    /** A database the check could not connect to. */
    public static final class Unreachable extends SQLException {
        Unreachable(String message, SQLException cause) {
            super(message, cause.getSQLState(), cause);
        }
    }

    /**
     * {@code goldTables}: per database, the tables its golds read, read on the connection that
     * checks them.
     */
    public Report run(Map<String, TablesToCheck> goldTables) throws SQLException {
        Map<String, Checked> checked =
                PerDatabase.each(goldTables.keySet(), db -> check(db, goldTables.get(db)));
        List<String> granted = new ArrayList<>();
        List<Missing> missing = new ArrayList<>();
        int tables = 0;
        String who = role;
        for (Checked c : checked.values()) {
            if (who == null) who = c.role();
            tables += c.tables();
            granted.addAll(c.granted());
            missing.addAll(c.missing());
        }
        return new Report(who, goldTables.size(), tables, granted, missing);
    }

    /** One database checked: as whom, how many tables, what was granted, what is still missing. */
    private record Checked(String role, int tables, List<String> granted, List<Missing> missing) {}

    private Checked check(String db, TablesToCheck goldTables) throws SQLException {
        Connection c = connect(db);
        try {
            Set<String> tables = goldTables.on(c);
            // a gold whose plan ended the session (a crash, a terminated backend) leaves the
            // access check a connection of its own
            if (!c.isValid(5)) {
                Closing.quietly(c);
                c = connect(db);
            }
            String who = role != null ? role : currentUser(c);
            Map<String, Long> required = resolve(c, tables);
            List<String> granted = new ArrayList<>();
            List<String> unreadable = unreadable(c, db, required, who);
            if (!unreadable.isEmpty() && mayGrant) {
                granted.addAll(grant(c, db, who));
                unreadable = unreadable(c, db, required, who);
            }
            List<Missing> missing = new ArrayList<>();
            for (String t : unreadable)
                missing.add(new Missing(db, t, statementFor(c, db, t, who)));
            return new Checked(who, required.size(), granted, missing);
        } catch (SQLException ex) {
            throw new SQLException(
                    "pre-flight: cannot check read access on database '"
                            + db
                            + "' as '"
                            + admin.user()
                            + "': "
                            + ex.getMessage(),
                    ex.getSQLState(),
                    ex);
        } finally {
            Closing.quietly(c);
        }
    }

    private Connection connect(String db) throws SQLException {
        try {
            Connection c = PerDatabase.connect(admin.forDatabase(db));
            c.setAutoCommit(true);
            return c;
        } catch (SQLException unreachable) {
            throw new Unreachable(
                    "cannot connect to database '"
                            + db
                            + "' as '"
                            + admin.user()
                            + "': "
                            + unreachable.getMessage(),
                    unreachable);
        }
    }

    /** The role a connection acts as. */
    public static String currentUser(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT current_user")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /**
     * The gold tables that exist, by qualified name and oid (a name that resolves to nothing is the
     * gold's problem).
     */
    private static Map<String, Long> resolve(Connection c, Set<String> names) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (PreparedStatement ps =
                c.prepareStatement("SELECT to_regclass(?)::oid, to_regclass(?)::text")) {
            for (String name : names) {
                ps.setString(1, name);
                ps.setString(2, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next() && rs.getObject(1) != null)
                        out.putIfAbsent(rs.getString(2), rs.getLong(1));
                }
            }
        }
        return out;
    }

    private static List<String> unreadable(
            Connection c, String db, Map<String, Long> required, String role) throws SQLException {
        List<String> out = new ArrayList<>();
        boolean connect;
        try (PreparedStatement ps =
                c.prepareStatement("SELECT has_database_privilege(?, ?, 'CONNECT')")) {
            ps.setString(1, role);
            ps.setString(2, db);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                connect = rs.getBoolean(1);
            }
        }
        // plans name the partitions a query reads; reading them through their partitioned parent
        // needs SELECT on the parent only
        try (PreparedStatement ps =
                c.prepareStatement(
                        "SELECT has_schema_privilege(?, n.oid, 'USAGE') "
                                + "AND (has_table_privilege(?, cl.oid, 'SELECT') OR COALESCE((SELECT bool_or(has_table_privilege(?, a.relid, 'SELECT')) "
                                + "FROM pg_partition_ancestors(cl.oid) a), false)) FROM pg_class cl JOIN pg_namespace n ON n.oid = cl.relnamespace "
                                + "WHERE cl.oid = ?")) {
            for (Map.Entry<String, Long> t : required.entrySet()) {
                ps.setString(1, role);
                ps.setString(2, role);
                ps.setString(3, role);
                ps.setLong(4, t.getValue());
                try (ResultSet rs = ps.executeQuery()) {
                    if (!connect || !rs.next() || !rs.getBoolean(1)) out.add(t.getKey());
                }
            }
        }
        return out;
    }

    /**
     * CONNECT, then USAGE and SELECT ON ALL TABLES per user schema; each statement that the
     * connecting user may run.
     */
    private static List<String> grant(Connection c, String db, String role) throws SQLException {
        List<String> statements = new ArrayList<>();
        statements.add("GRANT CONNECT ON DATABASE " + ident(db) + " TO " + ident(role));
        for (String schema : userSchemas(c)) {
            statements.add("GRANT USAGE ON SCHEMA " + ident(schema) + " TO " + ident(role));
            statements.add(
                    "GRANT SELECT ON ALL TABLES IN SCHEMA " + ident(schema) + " TO " + ident(role));
        }
        List<String> done = new ArrayList<>();
        try (Statement st = c.createStatement()) {
            for (String sql : statements) {
                try {
                    st.execute(sql);
                    // PostgreSQL warns instead of failing when the grantor holds no grant option
                    if (st.getWarnings() == null) done.add(db + ": " + sql);
                    st.clearWarnings();
                } catch (SQLException refused) {
                    // what stays unreadable is reported with the statement an administrator must
                    // run
                }
            }
        }
        return done;
    }

    private static List<String> userSchemas(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT nspname FROM pg_namespace "
                                        + "WHERE nspname NOT LIKE 'pg\\_%' AND nspname NOT IN ('information_schema', '"
                                        + Migrations.META_SCHEMA
                                        + "') ORDER BY 1")) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }

    private static String statementFor(Connection c, String db, String table, String role)
            throws SQLException {
        Set<String> parts = new LinkedHashSet<>();
        parts.add("GRANT CONNECT ON DATABASE " + ident(db) + " TO " + ident(role) + ";");
        try (PreparedStatement ps =
                c.prepareStatement(
                        "SELECT n.nspname FROM pg_class cl JOIN pg_namespace n ON n.oid = cl.relnamespace "
                                + "WHERE cl.oid = to_regclass(?)")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next())
                    parts.add(
                            "GRANT USAGE ON SCHEMA "
                                    + ident(rs.getString(1))
                                    + " TO "
                                    + ident(role)
                                    + ";");
            }
        }
        parts.add("GRANT SELECT ON " + table + " TO " + ident(role) + ";");
        return String.join(" ", parts);
    }

    static String ident(String name) {
        return name.matches("[a-z_][a-z0-9_$]*") ? name : "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
