package dev.sqlexam.database;

import dev.sqlexam.io.Closing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

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
            boolean held =
                    SessionLock.take(
                            c,
                            KEY,
                            WAIT_MS,
                            new SessionLock.Waiting() {
                                @Override
                                public void started() {
                                    System.err.println(
                                            "[sqlexam] waiting for another sqlexam process migrating "
                                                    + server.redacted());
                                }

                                @Override
                                public void gaveUp() {
                                    System.err.println(
                                            "[sqlexam] another process still migrates "
                                                    + server.redacted()
                                                    + " after "
                                                    + WAIT_MS / 1_000
                                                    + " s; migrating without waiting for it");
                                }
                            });
            return held ? new MigrationLock(c) : unlocked(c);
        } catch (SQLException e) {
            // no maintenance database to lock in: migrate unlocked, as before the lock existed
            return unlocked(c);
        }
    }

    /** No lock: the migration goes on as it did before the lock existed. */
    private static MigrationLock unlocked(Connection c) {
        Closing.quietly(c);
        return new MigrationLock(null);
    }

    @Override
    public void close() {
        Closing.quietly(session);
    }
}
