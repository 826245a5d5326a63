package dev.sqlexam.database;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import java.io.Serializable;

/**
 * How a process reaches one server: the budget of connections all its pools share, how long opening
 * one may take, how long a query waits for a server that went away, and when an idle connection is
 * closed.
 */
public record ConnectionPolicy(int budget, long connectTimeoutMs, long retryMs, long idleTimeoutMs)
        implements Serializable {

    public static final ConnectionPolicy DEFAULT =
            new ConnectionPolicy(
                    SqlExamOptions.MAX_CONNECTIONS_PER_SERVER.defaultValue(),
                    SqlExamOptions.CONNECTION_TIMEOUT_MS.defaultValue(),
                    SqlExamOptions.CONNECTION_RETRY_MS.defaultValue(),
                    30_000L);

    public ConnectionPolicy {
        if (budget < 1)
            throw new IllegalArgumentException(
                    "a connection budget needs at least 1 connection, got " + budget);
        if (connectTimeoutMs < 1)
            throw new IllegalArgumentException(
                    "connection_timeout_ms must be > 0, got " + connectTimeoutMs);
        if (retryMs < 0)
            throw new IllegalArgumentException("connection_retry_ms must be >= 0, got " + retryMs);
    }

    /** The options' values; the budget is the cap until {@link ServerCapacity} lowers it. */
    public static ConnectionPolicy from(Settings settings) {
        return new ConnectionPolicy(
                settings.get(SqlExamOptions.MAX_CONNECTIONS_PER_SERVER),
                settings.get(SqlExamOptions.CONNECTION_TIMEOUT_MS),
                settings.get(SqlExamOptions.CONNECTION_RETRY_MS),
                DEFAULT.idleTimeoutMs());
    }

    public ConnectionPolicy withBudget(int connections) {
        return new ConnectionPolicy(connections, connectTimeoutMs, retryMs, idleTimeoutMs);
    }
}
