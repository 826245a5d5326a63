package dev.sqlexam.suite;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;

/**
 * A statement the server may refuse (a check, a unique key, a value that does not cast), tried
 * under a savepoint: a refusal undoes it alone, and the transaction goes on.
 */
final class Refusable {

    /** Statements run on the connection, their answer not null. */
    @FunctionalInterface
    interface Attempt<T> {
        T run() throws SQLException;
    }

    private Refusable() {}

    /**
     * {@code attempt}'s answer; null when the server refused it (undone, the caller goes another
     * way).
     */
    static <T> T orNull(Connection c, Attempt<T> attempt) throws SQLException {
        Savepoint before = c.setSavepoint();
        try {
            T out = attempt.run();
            c.releaseSavepoint(before);
            return out;
        } catch (SQLException refused) {
            // a refusal is the answer the callers ask for, each with its way on (row by row, a
            // delete instead of a mend); what refused does not change that way
            c.rollback(before);
            return null;
        }
    }
}
