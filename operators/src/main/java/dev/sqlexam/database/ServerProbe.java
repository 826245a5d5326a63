package dev.sqlexam.database;

import dev.sqlexam.sql.ErrorText;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the user's server is, asked once before a job: a database of it the connecting user may
 * enter (one the exam names, else a maintenance database), who the connecting user is, whether it
 * accepts writes at all (a hot standby or a server read-only by default does not), and its
 * databases. Only reads.
 */
public record ServerProbe(
        String database, String currentUser, String readOnlyReason, Set<String> databases) {

    /** True when the server takes no writes: nothing may be created or granted there. */
    public boolean readOnly() {
        return readOnlyReason != null;
    }

    /**
     * Probes {@code server} through the first of {@code preferred}, "postgres" and "template1" that
     * lets the connecting user in.
     */
    public static ServerProbe of(JdbcUrlTemplate server, Collection<String> preferred) {
        List<String> tried = new ArrayList<>();
        for (String database : candidates(server, preferred)) {
            try (Connection c = DriverManager.getConnection(server.forDatabase(database));
                    Statement st = c.createStatement()) {
                return new ServerProbe(
                        database,
                        currentUser(st),
                        readOnlyReason(st),
                        server.perDatabase() ? databases(st) : Set.of(database));
            } catch (SQLException e) {
                tried.add(database + " (" + ErrorText.firstLine(e.getMessage()) + ")");
            }
        }
        throw new IllegalStateException(
                "cannot connect to the server "
                        + server.server()
                        + " as '"
                        + server.user()
                        + "': tried "
                        + String.join("; ", tried));
    }

    private static Collection<String> candidates(
            JdbcUrlTemplate server, Collection<String> preferred) {
        if (!server.perDatabase()) return List.of(server.fixedDatabase());
        Set<String> out = new LinkedHashSet<>();
        for (String db : preferred) if (JdbcUrlTemplate.isSafeDatabaseName(db)) out.add(db);
        out.add("postgres");
        out.add("template1");
        return out;
    }

    private static String currentUser(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT current_user")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static String readOnlyReason(Statement st) throws SQLException {
        try (ResultSet rs =
                st.executeQuery(
                        "SELECT pg_is_in_recovery(), current_setting('default_transaction_read_only')")) {
            rs.next();
            if (rs.getBoolean(1)) return "a hot standby (pg_is_in_recovery)";
            if ("on".equals(rs.getString(2)))
                return "read-only by default (default_transaction_read_only = on)";
            return null;
        }
    }

    private static Set<String> databases(Statement st) throws SQLException {
        Set<String> names = new TreeSet<>();
        try (ResultSet rs =
                st.executeQuery(
                        "SELECT datname FROM pg_database WHERE datallowconn AND NOT datistemplate")) {
            while (rs.next()) names.add(rs.getString(1));
        }
        return names;
    }
}
