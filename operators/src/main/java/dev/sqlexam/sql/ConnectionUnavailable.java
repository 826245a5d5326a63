package dev.sqlexam.sql;

import java.sql.SQLException;

/**
 * No connection could be had: the source already waited for a busy or restarting server as long as
 * it may, or the server refused. Carries the server's SQLSTATE; {@link Reconnect} never tries again
 * after it.
 */
public final class ConnectionUnavailable extends SQLException {

    public ConnectionUnavailable(String message, SQLException cause) {
        super(message, cause.getSQLState(), cause);
    }
}
