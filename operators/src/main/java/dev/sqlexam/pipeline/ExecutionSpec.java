package dev.sqlexam.pipeline;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.grading.AdaptiveTimeout;
import dev.sqlexam.grading.GradingRules;
import dev.sqlexam.grading.Tolerance;

import java.io.Serializable;

/**
 * What the execute-and-grade operator needs to reach the databases and grade; {@code suites} (null:
 * none) are the run's test suites; {@code officialTestSuites} (null: none) the folder of Spider's
 * official test-suite databases.
 */
public record ExecutionSpec(
        ReaderAccess reader,
        ConnectionPolicy connections,
        int poolSize,
        ExecutionLimits limits,
        GradingRules grading,
        boolean passAtK,
        int executionFallbacks,
        dev.sqlexam.suite.TestSuites suites,
        String officialTestSuites)
        implements Serializable {

    /** Grading on the exam databases only (no test suites), the default evidence kept. */
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
                connections,
                poolSize,
                new ExecutionLimits(statementTimeoutMs, rowCap, adaptiveTimeout),
                new GradingRules(tolerance, GradingRules.EvidenceLimits.DEFAULT),
                passAtK,
                executionFallbacks,
                null,
                null);
    }
}
