package dev.sqlexam.pipeline;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.grading.AdaptiveTimeout;
import dev.sqlexam.grading.Tolerance;

import java.io.Serializable;

/**
 * What the execute-and-grade operator needs to reach the databases and grade; {@code
 * adaptiveTimeout} (null: the statement timeout for all) gives each prediction a timeout from its
 * gold's time; {@code suites} (null: none) are the run's test suites.
 */
public record ExecutionSpec(
        ReaderAccess reader,
        long statementTimeoutMs,
        int rowCap,
        Tolerance tolerance,
        int poolSize,
        boolean passAtK,
        int executionFallbacks,
        AdaptiveTimeout adaptiveTimeout,
        ConnectionPolicy connections,
        dev.sqlexam.suite.TestSuites suites)
        implements Serializable {

    /** Grading on the exam databases only (no test suites). */
    public ExecutionSpec(
            ReaderAccess reader,
            long statementTimeoutMs,
            int rowCap,
            Tolerance tolerance,
            int poolSize,
            boolean passAtK,
            int executionFallbacks,
            AdaptiveTimeout adaptiveTimeout,
            ConnectionPolicy connections) {
        this(
                reader,
                statementTimeoutMs,
                rowCap,
                tolerance,
                poolSize,
                passAtK,
                executionFallbacks,
                adaptiveTimeout,
                connections,
                null);
    }
}
