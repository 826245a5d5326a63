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

    public PooledConnections(JdbcUrlTemplate url, int maxPerDatabase, String initSql, boolean readOnly) {
        this.url = url;
        this.maxPerDatabase = Math.max(1, maxPerDatabase);
        this.initSql = initSql;
        this.readOnly = readOnly;
    }

    @Override
    public Connection open(String database) throws SQLException {
        return pools.computeIfAbsent(database, this::create).getConnection();
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
