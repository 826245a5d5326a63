package dev.sqlexam.database;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.sqlexam.sql.ConnectionSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** One small connection pool per database of a URL template, created on first use. */
public final class PooledConnections implements ConnectionSource, AutoCloseable {

    private final JdbcUrlTemplate url;
    private final int maxPerDatabase;
    private final String initSql;
    private final boolean readOnly;
    private final long connectionTimeoutMs = Long.getLong("sqlexam.connection-timeout-ms", 10_000L);
    private final Map<String, HikariDataSource> pools = new ConcurrentHashMap<>();
    private final Map<String, Refusal> refusals = new ConcurrentHashMap<>();

    /** How long a database that refused a connection is answered with that refusal at once, instead of another wait. */
    static final long REFUSAL_MEMORY_MS = 30_000;

    private record Refusal(long atMillis, SQLException cause) {}

    public PooledConnections(JdbcUrlTemplate url, int maxPerDatabase, String initSql, boolean readOnly) {
        this.url = url;
        this.maxPerDatabase = Math.max(1, maxPerDatabase);
        this.initSql = initSql;
        this.readOnly = readOnly;
    }

    @Override
    public Connection open(String database) throws SQLException {
        Refusal refused = refusals.get(database);
        if (refused != null && System.currentTimeMillis() - refused.atMillis() < REFUSAL_MEMORY_MS) {
            throw new java.sql.SQLTransientConnectionException("database " + database + " refused a connection "
                    + (System.currentTimeMillis() - refused.atMillis()) / 1000 + " s ago, not retried yet: " + refused.cause().getMessage(),
                    refused.cause().getSQLState(), refused.cause());
        }
        try {
            Connection c = pools.computeIfAbsent(database, this::create).getConnection();
            refusals.remove(database);
            return c;
        } catch (SQLException e) {
            // a dead or refusing database would otherwise cost every query the whole connection timeout;
            // a pool that is merely busy (a timeout without a refusal behind it) is not remembered
            if (refusal(e) != null) refusals.put(database, new Refusal(System.currentTimeMillis(), e));
            throw e;
        }
    }

    /** The server's refusal behind a failed connection (unreachable, authentication, no such database, too many connections). */
    static SQLException refusal(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && s.getSQLState() != null
                    && s.getSQLState().matches("08.*|28.*|3D.*|53300|57P03")) {
                return s;
            }
        }
        return null;
    }

    private HikariDataSource create(String database) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url.forDatabase(database));
        config.setPoolName("sqlexam-" + database + (readOnly ? "-ro" : ""));
        config.setMaximumPoolSize(maxPerDatabase);
        config.setMinimumIdle(0);
        config.setConnectionTimeout(connectionTimeoutMs);
        config.setIdleTimeout(60_000);
        config.setInitializationFailTimeout(-1);
        config.setAutoCommit(false);
        config.setReadOnly(readOnly);
        if (initSql != null && !initSql.isBlank()) config.setConnectionInitSql(initSql);
        return new HikariDataSource(config);
    }

    @Override
    public void close() {
        pools.values().forEach(HikariDataSource::close);
        pools.clear();
    }
}
