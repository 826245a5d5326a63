package dev.sqlexam.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One process at a time migrates a server: two commands started at once on a new server would
 * otherwise both create a sample database, and the one that lost the race would find a database
 * sqlexam "did not create" and skip it. A session-level advisory lock in the server's maintenance
 * database, held until {@link #close}; it ends with the session if the process dies.
 */
final class MigrationLock implements AutoCloseable {

    private static final String KEY = "migrations";

    private final Connection session;

    private MigrationLock(Connection session) {
        this.session = session;
    }

    /** How long a migration waits for another process's before it goes on without the lock. */
    static final long WAIT_MS = 120_000;

    /**
     * The lock on {@code server}, waited for (saying so) at most {@link #WAIT_MS}; without one when
     * the maintenance database refuses the connection (a user's server where only the exam's
     * databases may be reached: nothing of sqlexam's is created there, so nothing races) or the
     * wait runs out (a process stopped while it held the lock: the old behaviour, unlocked).
     */
    static MigrationLock take(JdbcUrlTemplate server) {
        String via = server.perDatabase() ? server.forDatabase("postgres") : server.template();
        Connection c = null;
        try {
            c = DriverManager.getConnection(via);
            long deadline = System.nanoTime() + WAIT_MS * 1_000_000;
            boolean said = false;
            while (!tryLock(c)) {
                if (System.nanoTime() > deadline) {
                    System.err.println(
                            "[sqlexam] another process still migrates "
                                    + server.redacted()
                                    + " after "
                                    + WAIT_MS / 1_000
                                    + " s; migrating without waiting for it");
                    return unlocked(c);
                }
                if (!said)
                    System.err.println(
                            "[sqlexam] waiting for another sqlexam process migrating "
                                    + server.redacted());
                said = true;
                Thread.sleep(250);
            }
            return new MigrationLock(c);
        } catch (SQLException e) {
            // no maintenance database to lock in: migrate unlocked, as before the lock existed
            return unlocked(c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unlocked(c);
        }
    }

    /** No lock: the migration goes on as it did before the lock existed. */
    private static MigrationLock unlocked(Connection c) {
        Closing.quietly(c);
        return new MigrationLock(null);
    }

    /** Two keys (sqlexam's, then migrations') keep clear of other applications' single keys. */
    private static boolean tryLock(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT pg_try_advisory_lock(hashtext('sqlexam'), hashtext('"
                                        + KEY
                                        + "'))")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    @Override
    public void close() {
        Closing.quietly(session);
    }
}
