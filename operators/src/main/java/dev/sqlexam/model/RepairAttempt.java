package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;

/** One attempt: what was tried, the SQL before and after, and how the check went. */
public record RepairAttempt(
        int attempt,
        String method,
        List<String> deltas,
        String sqlBefore,
        String sqlAfter,
        boolean passed,
        String sqlstate,
        String error,
        WhitelistResult whitelist)
        implements Serializable {}
