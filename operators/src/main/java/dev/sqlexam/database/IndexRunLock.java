package dev.sqlexam.database;

import dev.sqlexam.io.Closing;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * One index run at a time per state database and embedding model: two processes that found the same
 * database stale (two exams started together, CI's test forks) would otherwise both embed it. A
 * session-level advisory lock on a connection of its own, held until {@link #close}; it ends with
 * the session if the process dies. The writes of an index run are safe without it (upserts, a
 * locked index creation), so a wait that runs out goes on unlocked: the cost is embedding twice.
 */
public final class IndexRunLock implements AutoCloseable {

    /** How long a run waits for another one before it goes on without the lock. */
    public static final long WAIT_MS = 300_000;

    private final Connection session;

    private IndexRunLock(Connection session) {
        this.session = session;
    }

    /**
     * The lock of {@code model}'s index runs on the state database at {@code stateUrl}, waited for
     * at most {@code waitMs} (saying so on {@code out}); without one when it cannot be taken.
     */
    public static IndexRunLock take(String stateUrl, String model, long waitMs, PrintStream out) {
        Connection c = null;
        try {
            c = DriverManager.getConnection(stateUrl);
            boolean held =
                    SessionLock.take(
                            c,
                            "index run " + model,
                            waitMs,
                            new SessionLock.Waiting() {
                                @Override
                                public void started() {
                                    out.println(
                                            "[sqlexam] another index run of model "
                                                    + model
                                                    + " is writing to the state database; waiting for it to end");
                                }

                                @Override
                                public void gaveUp() {
                                    out.println(
                                            "[sqlexam] another index run of model "
                                                    + model
                                                    + " still holds the state database after "
                                                    + waitMs / 1_000
                                                    + " s; indexing without waiting for it");
                                }
                            });
            return held ? new IndexRunLock(c) : unlocked(c);
        } catch (SQLException e) {
            out.println(
                    "[sqlexam] cannot take the index-run lock of model "
                            + model
                            + " ("
                            + e.getMessage()
                            + "); indexing without it");
            return unlocked(c);
        }
    }

    /** Whether this run holds the lock (false: it went on without it). */
    public boolean held() {
        return session != null;
    }

    private static IndexRunLock unlocked(Connection c) {
        Closing.quietly(c);
        return new IndexRunLock(null);
    }

    @Override
    public void close() {
        Closing.quietly(session);
    }
}
