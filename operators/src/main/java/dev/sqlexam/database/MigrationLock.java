package dev.sqlexam.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One process at a time migrates a server: two commands started at once on a new server would
 * otherwise both create a sample database, and the one that lost the race would find a database
 * sqlexam "did not create" and skip it. A session-level advisory lock in the server's maintenance
 * database, held until {@link #close}; it ends with the session if the process dies.
 */
final class MigrationLock implements AutoCloseable {

    private static final String KEY = "sqlexam migrations";

    private final Connection session;

    private MigrationLock(Connection session) {
        this.session = session;
    }

    /**
     * Waits for the lock on {@code server}; without one when the maintenance database refuses the
     * connection (a user's server where only the exam's databases may be reached: nothing of
     * sqlexam's is created there, so nothing races).
     */
    static MigrationLock take(JdbcUrlTemplate server) {
        String via = server.perDatabase() ? server.forDatabase("postgres") : server.template();
        Connection c = null;
        try {
            c = DriverManager.getConnection(via);
            try (Statement st = c.createStatement()) {
                st.execute("SELECT pg_advisory_lock(hashtext('" + KEY + "'))");
            }
            return new MigrationLock(c);
        } catch (SQLException e) {
            // no maintenance database to lock in: migrate unlocked, as before the lock existed
            closeQuietly(c);
            return new MigrationLock(null);
        }
    }

    @Override
    public void close() {
        closeQuietly(session);
    }

    private static void closeQuietly(Connection c) {
        if (c == null) return;
        try {
            c.close();
        } catch (SQLException e) {
            // the session is gone either way, and its lock with it
        }
    }
}
