package dev.sqlexam.database;

import java.sql.Connection;
import java.sql.SQLException;

/** Closing what may already be broken. */
final class Closing {

    private Closing() {}

    /**
     * Closes {@code c} (if any), ignoring a failure: a broken connection has nothing left to
     * release.
     */
    static void quietly(Connection c) {
        if (c == null) return;
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing a broken connection: nothing left to release
        }
    }
}
