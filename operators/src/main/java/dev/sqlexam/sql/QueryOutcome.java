package dev.sqlexam.sql;

import dev.sqlexam.model.ErrorClass;

/** What running one query produced: a result, or an error with its SQLSTATE and class. */
public record QueryOutcome(
        QueryResult result, String sqlstate, ErrorClass errorClass, String error, long elapsedMs) {

    public static QueryOutcome success(QueryResult result, long elapsedMs) {
        return new QueryOutcome(result, null, null, null, elapsedMs);
    }

    public static QueryOutcome failure(
            String sqlstate, ErrorClass errorClass, String error, long elapsedMs) {
        return new QueryOutcome(null, sqlstate, errorClass, error, elapsedMs);
    }

    public boolean ok() {
        return result != null;
    }
}
