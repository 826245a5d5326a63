package dev.sqlexam.model;

/** Execution error classes of seed 000, which decide whether a failure may be retried. */
public enum ErrorClass {
    INFRA_FAILURE("infra_failure"),
    QUERY_TIMEOUT("query_timeout"),
    VALIDATION_BLOCK("validation_block"),
    SQL_ERROR("sql_error"),
    UNKNOWN("unknown");

    private final String code;

    ErrorClass(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** Seed 000 retry gating: SQL errors are repaired, timeouts may be, the rest never. */
    public boolean retryable() {
        return this == SQL_ERROR || this == QUERY_TIMEOUT;
    }

    /**
     * Classifies a SQLSTATE (seed 000, "SQLSTATE Classification Reference"). A missing SQLSTATE
     * with a connection-level exception is infrastructure; otherwise unknown.
     */
    public static ErrorClass ofSqlState(String sqlstate) {
        if (sqlstate == null || sqlstate.length() != 5) return UNKNOWN;
        String cls = sqlstate.substring(0, 2).toUpperCase();
        return switch (cls) {
            // connection exceptions, invalid authorization, unknown database, resources, system
            // errors
            case "08", "28", "3D", "53", "54", "58", "F0", "XX" -> INFRA_FAILURE;
            // 57014 alone is the statement timeout; 57P01-57P03 are the server ending or refusing
            // the session
            case "57" -> "57014".equals(sqlstate) ? QUERY_TIMEOUT : INFRA_FAILURE;
            case "42" -> "42501".equals(sqlstate) ? VALIDATION_BLOCK : SQL_ERROR;
            case "22", "21", "0A", "2B", "P0" -> SQL_ERROR;
            case "25" -> VALIDATION_BLOCK;
            default -> UNKNOWN;
        };
    }

    @Override
    public String toString() {
        return code;
    }
}
