package dev.sqlexam.pipeline;

import dev.sqlexam.grading.AdaptiveTimeout;

import java.io.Serializable;

/**
 * How long a statement may run on the server and how many rows are read from one result; {@code
 * adaptiveTimeout} (null: the statement timeout for all) gives each prediction a timeout from its
 * gold's time.
 */
public record ExecutionLimits(long statementTimeoutMs, int rowCap, AdaptiveTimeout adaptiveTimeout)
        implements Serializable {}
