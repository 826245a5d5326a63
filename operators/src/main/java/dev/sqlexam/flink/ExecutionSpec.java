package dev.sqlexam.flink;

import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.grading.Tolerance;
import java.io.Serializable;

/** What the execute-and-grade operator needs to reach the databases and grade. */
public record ExecutionSpec(ReaderAccess reader, long statementTimeoutMs, int rowCap, Tolerance tolerance, int poolSize, boolean passAtK,
        int executionFallbacks)
        implements Serializable {}
