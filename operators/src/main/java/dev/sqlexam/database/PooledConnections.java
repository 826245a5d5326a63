package dev.sqlexam.database;

import dev.sqlexam.io.Closing;
import dev.sqlexam.sql.Backoff;
import dev.sqlexam.sql.ConnectionSource;
import dev.sqlexam.sql.ConnectionUnavailable;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Connections to the databases of a URL template, drawn from the budget its server shares with
 * every other pool of the process ({@link ServerSlots}). A server that is busy or restarting is
 * waited for within the policy's retry time; a refusal (authentication, unknown database, a server
 * never reached) is remembered for a while and answered at once.
 */
public final class PooledConnections implements ConnectionSource, AutoCloseable {

    /** How long a refusal is answered at once, instead of another try. */
    static final long REFUSAL_MEMORY_MS = 30_000;

    /** The application_name of pooled connections, so a server's activity view tells them apart. */
    public static final String APPLICATION_NAME = "sqlexam-pool";

    /**
     * Queries of one database that get a connection without waiting for one in use: two keep both
     * of a small machine's cores busy on a database (the server's and the grader's work overlap)
     * where one made a grade ordered database by database run as one query at a time.
     */
    static final int AT_ONCE_WITHOUT_WAITING = 2;

    /** Per server, how long a query waits for a busy connection before it opens another. */
    private static final Map<String, OpenPatience> PATIENCE = new ConcurrentHashMap<>();

    private final JdbcUrlTemplate url;
    private final String initSql;
    private final boolean readOnly;
    private final ConnectionPolicy policy;
    private final ServerSlots slots;

    /**
     * Idle connections are found by this prefix and the database: pools of one process that connect
     * alike (same URL, user, init SQL, read-only) share them, as the parallel subtasks of one
     * operator do.
     */
    private final String keyPrefix;

    private final Map<String, Refusal> refusals = new ConcurrentHashMap<>();

    /**
     * Per key (pool identity and database), the connections lent out or being opened, by every pool
     * of the identity.
     */
    private static final Map<String, AtomicInteger> BUSY = new ConcurrentHashMap<>();

    private volatile boolean closed;

    private record Refusal(long atMillis, SQLException cause) {}

    public PooledConnections(
            JdbcUrlTemplate url, String initSql, boolean readOnly, ConnectionPolicy policy) {
        this.url = url;
        this.initSql = initSql;
        this.readOnly = readOnly;
        this.policy = policy;
        this.slots = ServerSlots.of(url.server(), policy.budget());
        this.keyPrefix = url.template() + '\u0000' + initSql + '\u0000' + readOnly + '\u0000';
    }

    /**
     * Most connections this process held at once on the server of {@code url} since {@link
     * #resetPeak}.
     */
    public static int peakConnections(JdbcUrlTemplate url) {
        return ServerSlots.peak(url.server());
    }

    public static void resetPeak(JdbcUrlTemplate url) {
        ServerSlots.resetPeak(url.server());
    }

    @Override
    public long reconnectWithinMs() {
        return policy.retryMs();
    }

    @Override
    public Connection open(String database) throws SQLException {
        if (closed)
            throw new SQLTransientConnectionException(
                    "the connection pool for " + url.redacted() + " is closed", "08003");
        Refusal refused = refusals.get(database);
        if (refused != null
                && System.currentTimeMillis() - refused.atMillis() < REFUSAL_MEMORY_MS) {
            throw new ConnectionUnavailable(
                    "database "
                            + database
                            + " refused a connection "
                            + (System.currentTimeMillis() - refused.atMillis()) / 1000
                            + " s ago, not retried yet: "
                            + refused.cause().getMessage(),
                    refused.cause());
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(policy.retryMs());
        for (int attempt = 0; ; attempt++) {
            try {
                Connection c = borrow(database);
                refusals.remove(database);
                return c;
            } catch (SQLException e) {
                ConnectionFailure failure = ConnectionFailure.of(e, slots.reached());
                if (failure == ConnectionFailure.REFUSAL)
                    refusals.put(database, new Refusal(System.currentTimeMillis(), e));
                long pause = Backoff.pauseMs(attempt);
                if (failure != ConnectionFailure.TRANSIENT
                        || System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(pause) > deadline) {
                    throw e instanceof ConnectionUnavailable
                            ? e
                            : new ConnectionUnavailable(e.getMessage(), e);
                }
                Backoff.sleep(pause, e);
            }
        }
    }

    private Connection borrow(String database) throws SQLException {
        String key = keyPrefix + database;
        AtomicInteger busy = BUSY.computeIfAbsent(key, k -> new AtomicInteger());
        boolean othersBusy = busy.getAndIncrement() >= AT_ONCE_WITHOUT_WAITING;
        try {
            if (othersBusy) {
                // queries of this database are running or connecting here: one of their
                // connections often comes back sooner than a new one opens (a fork and a password
                // exchange); a grade over many small databases would otherwise open as many
                // connections per database as it runs queries at once
                ServerSlots.Idle back = awaitIdle(key, database);
                if (back != null) return lend(key, busy, back.connection());
            }
            while (true) {
                ServerSlots.Grant grant = slots.take(key, policy.connectTimeoutMs());
                if (grant.idle() != null) {
                    boolean fresh =
                            System.nanoTime() - grant.idleSinceNanos()
                                    < TimeUnit.SECONDS.toNanos(1);
                    if (fresh || isValid(grant.idle())) return lend(key, busy, grant.idle());
                    Closing.quietly(grant.idle());
                    slots.free();
                    continue;
                }
                if (grant.evicted() != null) Closing.quietly(grant.evicted());
                try {
                    Connection physical = connect(database);
                    slots.markReached();
                    return lend(key, busy, physical);
                } catch (SQLException | RuntimeException e) {
                    slots.free();
                    throw e;
                }
            }
        } catch (SQLException | RuntimeException e) {
            busy.decrementAndGet();
            throw e;
        }
    }

    private ServerSlots.Idle awaitIdle(String key, String database) throws SQLException {
        try {
            return slots.awaitIdle(key, patience().nanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException(
                    "interrupted while waiting for a connection to " + database, "08000", e);
        }
    }

    private OpenPatience patience() {
        return PATIENCE.computeIfAbsent(url.server(), s -> new OpenPatience());
    }

    private Connection connect(String database) throws SQLException {
        Properties props = new Properties();
        String seconds = String.valueOf(Math.max(1, (policy.connectTimeoutMs() + 999) / 1000));
        props.setProperty("connectTimeout", seconds);
        props.setProperty("loginTimeout", seconds);
        props.setProperty("ApplicationName", APPLICATION_NAME);
        long start = System.nanoTime();
        Connection c = DriverManager.getConnection(url.forDatabase(database), props);
        patience().opened(System.nanoTime() - start);
        try {
            c.setAutoCommit(true);
            if (initSql != null && !initSql.isBlank()) {
                try (Statement st = c.createStatement()) {
                    st.execute(initSql);
                }
            }
            c.setReadOnly(readOnly);
            c.setAutoCommit(false);
            return c;
        } catch (SQLException | RuntimeException e) {
            Closing.quietly(c);
            throw e;
        }
    }

    /**
     * A handle whose close() gives the connection back (rolled back) instead of closing it; counted
     * in {@code busy} until then.
     */
    private Connection lend(String key, AtomicInteger busy, Connection physical) {
        return LentConnection.lend(
                physical,
                () -> {
                    busy.decrementAndGet();
                    giveBack(key, physical);
                });
    }

    private void giveBack(String key, Connection physical) {
        // a connection that cannot be reset is closed below, not pooled
        boolean keep = !closed && ConnectionHealth.holds(() -> reset(physical));
        if (!keep || !slots.giveBack(key, physical)) {
            Closing.quietly(physical);
            slots.free();
        }
        slots.drain(k -> false, policy.idleTimeoutMs()).forEach(Closing::quietly);
    }

    /** Rolled back for its next borrower; false for a connection already closed. */
    private static boolean reset(Connection physical) throws SQLException {
        if (physical.isClosed()) return false;
        if (!physical.getAutoCommit()) physical.rollback();
        else physical.setAutoCommit(false);
        return true;
    }

    /** A connection that cannot say is not valid. */
    private static boolean isValid(Connection c) {
        return ConnectionHealth.holds(() -> c.isValid(2));
    }

    /** Connections lent out are closed when they come back; idle ones now. */
    @Override
    public void close() {
        closed = true;
        List<Connection> idle = slots.drain(k -> k.startsWith(keyPrefix), policy.idleTimeoutMs());
        idle.forEach(Closing::quietly);
    }
}
