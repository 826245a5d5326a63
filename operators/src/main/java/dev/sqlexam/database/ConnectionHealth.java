package dev.sqlexam.database;

import java.sql.SQLException;

/**
 * Whether a connection kept for reuse (pooled, or holding a process's claims) is still fit for it.
 */
public final class ConnectionHealth {

    /** A question about a connection that only one in working order answers with true. */
    @FunctionalInterface
    public interface Probe {
        boolean holds() throws SQLException;
    }

    private ConnectionHealth() {}

    /**
     * {@code probe}'s answer; false where the connection cannot answer it (its session ended, the
     * server went away, a reset failed).
     */
    public static boolean holds(Probe probe) {
        try {
            return probe.holds();
        } catch (SQLException cannotSay) {
            // the one place a connection that cannot answer is taken as unfit: every caller then
            // closes it or claims afresh, and a fault that lasts shows, with its own error, on the
            // fresh connection
            return false;
        }
    }
}
