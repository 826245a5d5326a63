package dev.sqlexam.sql;

import dev.sqlexam.io.Closing;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExplainOutcome;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

/**
 * Runs one query in a read-only transaction with a server-side {@code statement_timeout} and a row
 * cap, and always rolls back. Connections come from the read-only role's source. Never throws for a
 * failing query: the failure is the outcome.
 */
public final class ReadOnlyExecutor {

    private final ConnectionSource connections;
    private final long statementTimeoutMs;
    private final int rowCap;
    private final SqliteQueries sqlite;

    public ReadOnlyExecutor(ConnectionSource connections, long statementTimeoutMs, int rowCap) {
        if (statementTimeoutMs <= 0)
            throw new IllegalArgumentException("statementTimeoutMs must be > 0");
        if (rowCap <= 0) throw new IllegalArgumentException("rowCap must be > 0");
        this.connections = connections;
        this.statementTimeoutMs = statementTimeoutMs;
        this.rowCap = rowCap;
        this.sqlite = new SqliteQueries();
    }

    /**
     * An executor for SQLite files alone (an import of a SQLite benchmark, a test): a database no
     * file was registered for is an error, not a server's.
     */
    public static ReadOnlyExecutor forSqliteFiles(long statementTimeoutMs, int rowCap) {
        return new ReadOnlyExecutor(
                database -> {
                    throw new SQLException(
                            "'" + database + "' is no SQLite file registered here", "08001");
                },
                statementTimeoutMs,
                rowCap);
    }

    /**
     * The tables a query reads on the SQLite file of {@code database}, as SQLite's program for it
     * opens them (see {@link SqliteQueries#tablesRead}).
     */
    public java.util.List<String> sqliteTablesRead(String database, String sql) {
        return sqlite.tablesRead(sqlite.path(database), sql);
    }

    /**
     * From now on, {@code database} is the SQLite file {@code file}: its SQL runs there as the
     * benchmarks' evaluators run it (unmodified, the file read-only with {@code query_only}), under
     * the same time limit and row cap. A name already given to another file keeps it.
     *
     * @return whether {@code database} is that file
     */
    public boolean registerSqlite(String database, java.nio.file.Path file) {
        return sqlite.register(database, file);
    }

    /** The same executor, with the SQLite file of each of {@code questions} that is on one. */
    public ReadOnlyExecutor onTheirFiles(
            java.util.Collection<dev.sqlexam.model.ExamQuestion> questions) {
        for (var q : questions)
            if (q.onSqlite()) registerSqlite(q.db(), java.nio.file.Path.of(q.dbFile()));
        return this;
    }

    /**
     * Runs {@code sql} on the SQLite file {@code file} as a registered database's SQL runs (an
     * official test-suite database, say), under the same time limit and row cap.
     */
    public QueryOutcome executeOnFile(java.nio.file.Path file, String sql) {
        return sqlite.execute(file, sql, statementTimeoutMs, rowCap);
    }

    /** Closes the SQLite files' kept connections (the server's belong to the connection source). */
    public void closeSqlite() {
        sqlite.close();
    }

    public QueryOutcome execute(String database, String sql) {
        return execute(database, sql, statementTimeoutMs);
    }

    /** As {@link #execute(String, String)} with this query's own server-side timeout. */
    public QueryOutcome execute(String database, String sql, long timeoutMs) {
        if (sqlite.has(database)) return sqlite.execute(database, sql, timeoutMs, rowCap);
        long start = System.nanoTime();
        SqlGuard.Verdict verdict = SqlGuard.check(sql);
        if (!verdict.allowed()) {
            return QueryOutcome.failure(
                    null,
                    ErrorClass.VALIDATION_BLOCK,
                    "blocked: " + verdict.reason(),
                    elapsedMs(start));
        }
        String body = SqlText.stripTrailingSemicolons(sql);
        try {
            return reconnecting(
                    database,
                    connection ->
                            ReadOnlyQuery.run(
                                    connection,
                                    timeoutMs,
                                    rowCap + 1,
                                    true,
                                    body,
                                    rows ->
                                            QueryOutcome.success(
                                                    ResultValues.read(rows, rowCap),
                                                    elapsedMs(start))));
        } catch (SQLException e) {
            return QueryOutcome.failure(
                    e.getSQLState(),
                    classify(e),
                    ErrorText.firstLine(e.getMessage()),
                    elapsedMs(start));
        } catch (RuntimeException e) {
            return QueryOutcome.failure(
                    null,
                    ErrorClass.UNKNOWN,
                    e.getClass().getSimpleName() + ": " + e.getMessage(),
                    elapsedMs(start));
        }
    }

    /**
     * One read-only attempt on a connection; the connection is rolled back and given back by the
     * caller.
     */
    @FunctionalInterface
    private interface Attempt<T> {
        T run(Connection connection) throws SQLException, java.io.IOException;
    }

    /**
     * Runs an attempt on a fresh connection, again when the connection was lost under it (the
     * server restarted or ended the session) while the source's reconnect time lasts. A read-only
     * query is safe to repeat.
     */
    private <T> T reconnecting(String database, Attempt<T> attempt) throws SQLException {
        try {
            return Reconnect.within(
                    connections.reconnectWithinMs(),
                    () -> {
                        try (Connection connection = connections.open(database)) {
                            connection.setAutoCommit(false);
                            try {
                                return attempt.run(connection);
                            } finally {
                                // a broken connection cannot roll back: the pool discards it
                                Closing.quietly(connection::rollback);
                            }
                        }
                    });
        } catch (SQLException | RuntimeException e) {
            throw e;
        } catch (java.io.IOException e) {
            throw new SQLException("unreadable reply: " + e.getMessage(), "XX000", e);
        } catch (Exception e) {
            throw new SQLException(e.getMessage(), null, e);
        }
    }

    /**
     * EXPLAIN (FORMAT JSON) of a query, under the same guard, role, read-only transaction and
     * rollback as execution, with its own server-side timeout; the query itself never runs.
     */
    public ExplainOutcome explain(String database, String sql, long timeoutMs) {
        long start = System.nanoTime();
        if (sqlite.has(database))
            return ExplainOutcome.failed(
                    null,
                    ErrorClass.INFRA_FAILURE,
                    "EXPLAIN is not run on SQLite databases ("
                            + database
                            + "): the pipeline runs on a PostgreSQL copy",
                    null,
                    elapsedMs(start));
        SqlGuard.Verdict verdict = SqlGuard.check(sql);
        if (!verdict.allowed()) {
            return ExplainOutcome.failed(
                    null,
                    ErrorClass.VALIDATION_BLOCK,
                    "blocked: " + verdict.reason(),
                    null,
                    elapsedMs(start));
        }
        String body = SqlText.stripTrailingSemicolons(sql);
        try {
            return reconnecting(
                    database,
                    connection ->
                            ReadOnlyQuery.run(
                                    connection,
                                    timeoutMs,
                                    0,
                                    false,
                                    "EXPLAIN (FORMAT JSON) " + body,
                                    rs -> {
                                        rs.next();
                                        var plan =
                                                dev.sqlexam.json.Json.MAPPER
                                                        .readTree(rs.getString(1))
                                                        .path(0)
                                                        .path("Plan");
                                        return ExplainOutcome.passed(
                                                plan.path("Total Cost").asDouble(),
                                                plan.path("Plan Rows").asDouble(),
                                                elapsedMs(start));
                                    }));
        } catch (SQLException e) {
            String hint =
                    e instanceof org.postgresql.util.PSQLException p
                                    && p.getServerErrorMessage() != null
                            ? p.getServerErrorMessage().getHint()
                            : null;
            return ExplainOutcome.failed(
                    e.getSQLState(),
                    classify(e),
                    ErrorText.firstLine(e.getMessage()),
                    hint,
                    elapsedMs(start));
        } catch (RuntimeException e) {
            return ExplainOutcome.failed(
                    null,
                    ErrorClass.UNKNOWN,
                    e.getClass().getSimpleName() + ": " + e.getMessage(),
                    null,
                    elapsedMs(start));
        }
    }

    static ErrorClass classify(SQLException e) {
        if (e.getSQLState() != null) {
            ErrorClass byState = ErrorClass.ofSqlState(e.getSQLState());
            if (byState != ErrorClass.UNKNOWN) return byState;
        }
        if (e instanceof ConnectionUnavailable
                || e instanceof SQLTransientConnectionException
                || e instanceof SQLNonTransientConnectionException) {
            return ErrorClass.INFRA_FAILURE;
        }
        return ErrorClass.UNKNOWN;
    }

    private static long elapsedMs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
