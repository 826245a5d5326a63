package dev.sqlexam.suite;

import dev.sqlexam.database.StateDatabase;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The test classes that grade on the project's erp and demo suites ({@code TestSuiteITCase} and the
 * independent measurement) ask {@link SuiteBuilder} for the same suites, so the one that comes
 * second, in the same fork or another, finds them built. Each holds a shared advisory lock in the
 * state database while it grades; a class that wants to drop the suites at its end does so only
 * when it is the last user, so that no other fork loses its databases mid-test.
 */
public final class SuiteUsers implements AutoCloseable {

    private static final String KEY = "sqlexam-test-suite-users";

    private final Connection held;

    private SuiteUsers(Connection held) {
        this.held = held;
    }

    /** Joins the users of the shared suites; waits while a last user drops them. */
    public static SuiteUsers join(StateDatabase state) throws SQLException {
        Connection c = DriverManager.getConnection(state.url());
        try {
            lock(c, "pg_advisory_lock_shared");
            return new SuiteUsers(c);
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    /**
     * Leaves; true when no other class uses the suites any more, in which case this one keeps them
     * to itself until {@link #close()} (the caller drops them meanwhile).
     */
    public boolean leaveLast() throws SQLException {
        lock(held, "pg_advisory_unlock_shared");
        return lock(held, "pg_try_advisory_lock");
    }

    private static boolean lock(Connection c, String function) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + function + "(hashtext(?))")) {
            s.setString(1, KEY);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getObject(1) instanceof Boolean b ? b : true;
            }
        }
    }

    @Override
    public void close() throws SQLException {
        held.close();
    }
}
