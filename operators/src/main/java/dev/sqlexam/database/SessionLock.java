package dev.sqlexam.database;

import dev.sqlexam.sql.Backoff;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A session-level advisory lock under two keys, sqlexam's and {@code key} (clear of other
 * applications' single keys), polled on a connection of its own until a deadline: what {@link
 * MigrationLock} and {@link IndexRunLock} wait for.
 */
final class SessionLock {

    private static final long POLL_MS = 250;

    private SessionLock() {}

    /** What the caller says while it waits. */
    interface Waiting {
        /** The lock is held by another session: the first time it is found so. */
        void started();

        /** The wait ran out: the caller goes on without the lock. */
        void gaveUp();
    }

    /**
     * Whether {@code c} took the lock on {@code key} within {@code waitMs}; false when the wait ran
     * out or the thread was interrupted (its flag set again).
     */
    static boolean take(Connection c, String key, long waitMs, Waiting waiting)
            throws SQLException {
        long deadline = System.nanoTime() + waitMs * 1_000_000;
        boolean said = false;
        while (!tryLock(c, key)) {
            if (System.nanoTime() > deadline) {
                waiting.gaveUp();
                return false;
            }
            if (!said) waiting.started();
            said = true;
            if (!Backoff.paused(POLL_MS)) return false;
        }
        return true;
    }

    private static boolean tryLock(Connection c, String key) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement(
                        "SELECT pg_try_advisory_lock(hashtext('sqlexam'), hashtext(?))")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }
}
