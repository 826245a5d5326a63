package dev.sqlexam.database;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import java.io.Serializable;

/**
 * How a process reaches one server: the budget of connections all its pools share, how long opening
 * one may take, how long a query waits for a server that went away, when an idle connection is
 * closed, and how many threads of a subtask execute golds and predictions on it at once ({@code
 * workers}, 0: sized to where the server is, see {@link #workers}).
 */
public record ConnectionPolicy(
        int budget, long connectTimeoutMs, long retryMs, long idleTimeoutMs, int workers)
        implements Serializable {

    public static final ConnectionPolicy DEFAULT =
            new ConnectionPolicy(
                    SqlExamOptions.MAX_CONNECTIONS_PER_SERVER.defaultValue(),
                    SqlExamOptions.CONNECTION_TIMEOUT_MS.defaultValue(),
                    SqlExamOptions.CONNECTION_RETRY_MS.defaultValue(),
                    30_000L,
                    SqlExamOptions.DB_WORKERS.defaultValue());

    /** As configured, the worker threads sized to where the server is. */
    public ConnectionPolicy(int budget, long connectTimeoutMs, long retryMs, long idleTimeoutMs) {
        this(budget, connectTimeoutMs, retryMs, idleTimeoutMs, 0);
    }

    public ConnectionPolicy {
        if (budget < 1)
            throw new IllegalArgumentException(
                    "a connection budget needs at least 1 connection, got " + budget);
        if (connectTimeoutMs < 1)
            throw new IllegalArgumentException(
                    "connection_timeout_ms must be > 0, got " + connectTimeoutMs);
        if (retryMs < 0)
            throw new IllegalArgumentException("connection_retry_ms must be >= 0, got " + retryMs);
        if (workers < 0)
            throw new IllegalArgumentException("db_workers must be >= 0, got " + workers);
    }

    /**
     * Threads of one subtask's pool that execute golds and predictions on {@code server}: {@code
     * workers} when set; otherwise, for a server on this machine, twice the cores' share of the
     * subtask (the queries use the job's own cores: more of them at once only queue there, each
     * taking longer, and the retrievals and EXPLAINs behind them too); for a server elsewhere,
     * {@code inFlight}, one thread per question in flight, each mostly waiting on the network.
     * Never more than {@code inFlight}.
     */
    public int workers(int inFlight, JdbcUrlTemplate server, int subtasks) {
        if (workers > 0) return Math.min(workers, inFlight);
        if (!ServerLocation.onThisMachine(server)) return inFlight;
        int cores = Runtime.getRuntime().availableProcessors();
        return Math.max(1, Math.min(inFlight, 2 * cores / Math.max(1, subtasks)));
    }

    /** The options' values; the budget is the cap until {@link ServerCapacity} lowers it. */
    public static ConnectionPolicy from(Settings settings) {
        return new ConnectionPolicy(
                settings.get(SqlExamOptions.MAX_CONNECTIONS_PER_SERVER),
                settings.get(SqlExamOptions.CONNECTION_TIMEOUT_MS),
                settings.get(SqlExamOptions.CONNECTION_RETRY_MS),
                DEFAULT.idleTimeoutMs(),
                settings.get(SqlExamOptions.DB_WORKERS));
    }

    /**
     * The same budget for a caller that has somewhere else to go: a server away is not waited for,
     * and a connection opens within {@code connectTimeoutMs} (or this policy's, if shorter).
     */
    public ConnectionPolicy failingFast(long connectTimeoutMs) {
        return new ConnectionPolicy(
                budget,
                Math.min(this.connectTimeoutMs, connectTimeoutMs),
                0,
                idleTimeoutMs,
                workers);
    }

    public ConnectionPolicy withBudget(int connections) {
        return new ConnectionPolicy(connections, connectTimeoutMs, retryMs, idleTimeoutMs, workers);
    }
}
