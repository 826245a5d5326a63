package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;

/**
 * The repair's outcome: the SQL to run (the original when nothing passed), the attempts, and the
 * confidence left.
 */
public record RepairOutcome(
        String sql, boolean repaired, List<RepairAttempt> attempts, double confidence)
        implements Serializable {}
