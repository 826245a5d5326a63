package dev.sqlexam.pipeline;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.grading.AdaptiveTimeout;
import dev.sqlexam.grading.Tolerance;

import java.io.Serializable;

/**
 * What the execute-and-grade operator needs to reach the databases and grade; {@code
 * adaptiveTimeout} (null: the statement timeout for all) gives each prediction a timeout from its
 * gold's time; {@code suites} (null: none) are the run's test suites; {@code officialTestSuites}
 * (null: none) the folder of Spider's official test-suite databases.
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
        dev.sqlexam.suite.TestSuites suites,
        String officialTestSuites)
        implements Serializable {

    /** With sqlexam's test suites (null: none) and no official test-suite databases. */
    public ExecutionSpec(
            ReaderAccess reader,
            long statementTimeoutMs,
            int rowCap,
            Tolerance tolerance,
            int poolSize,
            boolean passAtK,
            int executionFallbacks,
            AdaptiveTimeout adaptiveTimeout,
            ConnectionPolicy connections,
            dev.sqlexam.suite.TestSuites suites) {
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
                suites,
                null);
    }

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
