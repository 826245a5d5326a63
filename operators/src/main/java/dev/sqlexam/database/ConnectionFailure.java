package dev.sqlexam.database;

import java.sql.SQLException;

/** What a failed connection or a lost one means for the next try. */
public enum ConnectionFailure {
    /**
     * The server said no for good (authentication, no such database, nobody listening that was ever
     * there): answer at once.
     */
    REFUSAL,
    /**
     * The server is busy or went away (too many connections, restart, lost connection): wait and
     * try again.
     */
    TRANSIENT,
    /** Not about the connection: the query's own error. */
    NONE;

    /**
     * Classifies by the first SQLSTATE in the cause chain. An unreachable server is a refusal until
     * this process has once reached it; after that it is taken to be restarting.
     */
    public static ConnectionFailure of(SQLException e, boolean serverWasReached) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BudgetExhausted) return TRANSIENT;
            if (t instanceof SQLException s && s.getSQLState() != null) {
                String state = s.getSQLState();
                if (state.startsWith("28") || state.startsWith("3D")) return REFUSAL;
                if (state.equals("53300")
                        || state.equals("57P01")
                        || state.equals("57P02")
                        || state.equals("57P03")) return TRANSIENT;
                if (state.startsWith("08")) return serverWasReached ? TRANSIENT : REFUSAL;
                return NONE;
            }
        }
        return NONE;
    }

    /** The connection budget of a server stayed full for the whole connection timeout. */
    public static final class BudgetExhausted extends java.sql.SQLTransientConnectionException {
        BudgetExhausted(String message) {
            super(message, "53300");
        }
    }
}
