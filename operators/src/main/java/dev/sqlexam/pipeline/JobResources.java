package dev.sqlexam.pipeline;

import dev.sqlexam.config.JobFiles;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.grading.AdaptiveTimeout;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * What every variant of a job shares: the server and who reads it, the connection budget, sqlexam's
 * state database and the migrations folder's files workers read (module mapping, docs, confusable
 * tables), the pools' size, the execution limits, and the vector size of each embedding model's
 * index. Built with {@link #builder}, checked when built.
 */
public record JobResources(
        JdbcUrlTemplate admin,
        StateDatabase state,
        JobFiles migrations,
        ReaderAccess reader,
        ConnectionPolicy connections,
        int poolSize,
        ExecutionLimits limits,
        Map<String, Integer> dimensionsByModel,
        dev.sqlexam.suite.TestSuites suites)
        implements Serializable {

    public JobResources {
        if (admin == null || state == null)
            throw new IllegalArgumentException(
                    "a job needs its server and sqlexam's state database");
        if (migrations == null)
            throw new IllegalArgumentException(
                    "a job needs the migrations folder its workers read");
        if (reader == null || connections == null)
            throw new IllegalArgumentException("a job needs who reads and its connection budget");
        if (poolSize < 1)
            throw new IllegalArgumentException("the pools' size must be >= 1, was " + poolSize);
        if (limits.statementTimeoutMs() < 1)
            throw new IllegalArgumentException(
                    "the statement timeout must be >= 1 ms, was " + limits.statementTimeoutMs());
        if (limits.rowCap() < 1)
            throw new IllegalArgumentException("the row cap must be >= 1, was " + limits.rowCap());
        dimensionsByModel = Map.copyOf(dimensionsByModel);
    }

    /**
     * The resources on {@code admin}'s server with {@code state} as sqlexam's own database; the
     * rest set on the builder.
     */
    public static Builder builder(JdbcUrlTemplate admin, StateDatabase state) {
        return new Builder(admin, state);
    }

    /**
     * The migrations folder as workers read it: in place, or (shipped) its files but the SQL
     * migrations, which only the client applies.
     */
    public static JobFiles migrationsFolder(java.nio.file.Path dir, boolean ship) {
        return ship
                ? JobFiles.shipped(dir, relative -> !relative.matches("(.*/)?V\\d+__[^/]*\\.sql"))
                : JobFiles.local(dir);
    }

    /** The same resources grading on {@code testSuites} too. */
    public JobResources withSuites(dev.sqlexam.suite.TestSuites testSuites) {
        return new JobResources(
                admin,
                state,
                migrations,
                reader,
                connections,
                poolSize,
                limits,
                dimensionsByModel,
                testSuites);
    }

    public int dimensions(String embeddingModel) {
        return dimensionsByModel.getOrDefault(embeddingModel, 0);
    }

    /**
     * Builds {@link JobResources}: a pool of 8, a 10 s statement timeout, a 100,000-row cap, no
     * adaptive timeout, no index, unless set.
     */
    public static final class Builder {
        private final JdbcUrlTemplate admin;
        private final StateDatabase state;
        private JobFiles migrations;
        private ReaderAccess reader;
        private ConnectionPolicy connections = ConnectionPolicy.DEFAULT;
        private int poolSize = 8;
        private long statementTimeoutMs = 10_000;
        private int rowCap = 100_000;
        private AdaptiveTimeout adaptiveTimeout;
        private final Map<String, Integer> dimensionsByModel = new HashMap<>();
        private dev.sqlexam.suite.TestSuites suites;

        private Builder(JdbcUrlTemplate admin, StateDatabase state) {
            this.admin = admin;
            this.state = state;
        }

        public Builder migrations(JobFiles files) {
            migrations = files;
            return this;
        }

        /** Who reads, within which connection budget. */
        public Builder reader(ReaderAccess access, ConnectionPolicy budget) {
            reader = access;
            connections = budget;
            return this;
        }

        public Builder poolSize(int size) {
            poolSize = size;
            return this;
        }

        /** The server-side statement timeout and the most rows read from one result. */
        public Builder limits(long timeoutMs, int maxRows) {
            statementTimeoutMs = timeoutMs;
            rowCap = maxRows;
            return this;
        }

        public Builder adaptiveTimeout(AdaptiveTimeout timeout) {
            adaptiveTimeout = timeout;
            return this;
        }

        /** The vector size of each embedding model's index. */
        public Builder dimensions(Map<String, Integer> byModel) {
            dimensionsByModel.putAll(byModel);
            return this;
        }

        /** The run's test suites (null: grading on the exam databases only). */
        public Builder suites(dev.sqlexam.suite.TestSuites testSuites) {
            suites = testSuites;
            return this;
        }

        public JobResources build() {
            return new JobResources(
                    admin,
                    state,
                    migrations,
                    reader,
                    connections,
                    poolSize,
                    new ExecutionLimits(statementTimeoutMs, rowCap, adaptiveTimeout),
                    dimensionsByModel,
                    suites);
        }
    }
}
