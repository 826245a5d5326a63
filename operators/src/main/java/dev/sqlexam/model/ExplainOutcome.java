package dev.sqlexam.model;

import java.io.Serializable;

/**
 * What EXPLAIN (FORMAT JSON) said of a candidate: its plan's total cost and row estimate, or the
 * error with its SQLSTATE, class, and PostgreSQL's own hint ("Perhaps you meant ...") for repair.
 */
public record ExplainOutcome(
        boolean passed,
        Double totalCost,
        Double planRows,
        String sqlstate,
        ErrorClass errorClass,
        String error,
        String hint,
        long elapsedMs)
        implements Serializable {

    public static ExplainOutcome passed(double totalCost, double planRows, long elapsedMs) {
        return new ExplainOutcome(true, totalCost, planRows, null, null, null, null, elapsedMs);
    }

    public static ExplainOutcome failed(
            String sqlstate, ErrorClass errorClass, String error, String hint, long elapsedMs) {
        return new ExplainOutcome(false, null, null, sqlstate, errorClass, error, hint, elapsedMs);
    }

    /** Whether EXPLAIN ran (passed, or the server or the harness answered an error). */
    public boolean attempted() {
        return passed || errorClass != null;
    }

    /** Not attempted (lint errors, a blocked candidate): the reason is the error. */
    public static ExplainOutcome skipped(String why) {
        return new ExplainOutcome(false, null, null, null, null, why, null, 0);
    }
}
