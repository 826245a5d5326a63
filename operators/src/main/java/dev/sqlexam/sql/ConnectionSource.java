package dev.sqlexam.sql;

import java.sql.Connection;
import java.sql.SQLException;

/** Hands out connections to a named database; callers close them. */
@FunctionalInterface
public interface ConnectionSource {
    Connection open(String database) throws SQLException;

    /** How long a query whose connection was lost may try again on a fresh one (0: not at all). */
    default long reconnectWithinMs() {
        return 0;
    }
}
