package dev.sqlexam.retrieval;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One index run at a time per state database and embedding model, held by a session-level advisory
 * lock on a connection of its own. Two processes that found the same database stale (two exams
 * started together, CI's test forks) would otherwise embed it twice and upsert the same rows in
 * different orders; the one that waited reads the index again and finds it fresh.
 */
public final class IndexRunLock implements AutoCloseable {

    private final Connection held;

    private IndexRunLock(Connection held) {
        this.held = held;
    }

    /** Waits for the lock, saying so on {@code out} when another run holds it. */
    public static IndexRunLock take(String stateUrl, String model, PrintStream out)
            throws SQLException {
        Connection c = DriverManager.getConnection(stateUrl);
        try {
            if (!lock(c, model, false)) {
                out.println(
                        "[sqlexam] another index run of model "
                                + model
                                + " is writing to this state database; waiting for it to end");
                lock(c, model, true);
            }
            return new IndexRunLock(c);
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Takes the lock, waiting for it unless {@code orWait} is false; whether it holds it. */
    private static boolean lock(Connection c, String model, boolean orWait) throws SQLException {
        String function = orWait ? "pg_advisory_lock" : "pg_try_advisory_lock";
        try (PreparedStatement ps =
                c.prepareStatement(
                        "SELECT "
                                + function
                                + "(hashtext('sqlexam'), hashtext('index run ' || ?))::text")) {
            ps.setString(1, model);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return orWait || "true".equals(rs.getString(1));
            }
        }
    }

    /** Releases the lock with its session. */
    @Override
    public void close() throws SQLException {
        held.close();
    }
}
