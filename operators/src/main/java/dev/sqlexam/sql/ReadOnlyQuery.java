package dev.sqlexam.sql;

import org.postgresql.PGConnection;
import org.postgresql.jdbc.PreferQueryMode;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One query in a read-only transaction with its own server-side {@code statement_timeout}: the
 * transaction's setup and the query go to the server in one exchange where the driver and the
 * server allow it, else in two. The caller's connection is in a transaction (auto-commit off) and
 * is rolled back by the caller.
 */
final class ReadOnlyQuery {

    /** Reads the query's rows. */
    @FunctionalInterface
    interface Reader<T> {
        T read(ResultSet rows) throws SQLException, IOException;
    }

    /** Rows fetched at a time where the query is sent on its own (a cursor). */
    static final int FETCH_SIZE = 1_000;

    private static final int SETUP_STATEMENTS = 2;

    private ReadOnlyQuery() {}

    /** Runs {@code body} ({@code maxRows} 0: no cap) and reads its rows with {@code reader}. */
    static <T> T run(
            Connection connection, long timeoutMs, int maxRows, String body, Reader<T> reader)
            throws SQLException, IOException {
        try (Statement statement = connection.createStatement()) {
            // client-side backstop in case the server never answers the cancel
            statement.setQueryTimeout((int) Math.max(1, timeoutMs / 1000 + 5));
            if (maxRows > 0) statement.setMaxRows(maxRows);
            if (!inOneExchange(connection)) {
                statement.execute(setup(timeoutMs));
                statement.setFetchSize(FETCH_SIZE);
                try (ResultSet rows = statement.executeQuery(body)) {
                    return reader.read(rows);
                }
            }
            return afterSetup(statement, timeoutMs, body, reader);
        }
    }

    /**
     * The setup's two statements, then the query's rows, then nothing: anything else means the text
     * ran as more than the one query the guard let through.
     */
    private static <T> T afterSetup(
            Statement statement, long timeoutMs, String body, Reader<T> reader)
            throws SQLException, IOException {
        boolean rows = statement.execute(setup(timeoutMs) + "; " + body);
        int counts = 0;
        while (!rows) {
            if (statement.getUpdateCount() == -1)
                throw new SQLException("No results were returned by the query.", "02000");
            counts++;
            rows = statement.getMoreResults();
        }
        if (counts != SETUP_STATEMENTS)
            throw new SQLException("the query ran as more than one statement", "0100E");
        T out;
        try (ResultSet result = statement.getResultSet()) {
            out = reader.read(result);
        }
        if (statement.getMoreResults() || statement.getUpdateCount() != -1)
            throw new SQLException("Multiple ResultSets were returned by the query.", "0100E");
        return out;
    }

    private static String setup(long timeoutMs) {
        return "SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = " + Math.max(1, timeoutMs);
    }

    /**
     * Whether the driver sends the statements of one text as statements of their own in one
     * exchange (its extended protocol: not with {@code preferQueryMode=simple} or {@code
     * extendedForPrepared} in the URL), on a server that arms each statement's timeout as the one
     * before it left it (PostgreSQL 13 and later; before, a text of several statements could run
     * under the timeout it started with).
     */
    static boolean inOneExchange(Connection connection) throws SQLException {
        PreferQueryMode mode = connection.unwrap(PGConnection.class).getPreferQueryMode();
        return (mode == PreferQueryMode.EXTENDED
                        || mode == PreferQueryMode.EXTENDED_CACHE_EVERYTHING)
                && connection.getMetaData().getDatabaseMajorVersion() >= 13;
    }
}
