package dev.sqlexam.jobs.runtime;

import dev.sqlexam.config.JobFiles;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.flink.NumberedLinesFormat;
import dev.sqlexam.jobs.graph.ExamIo;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.model.NumberedLine;
import dev.sqlexam.pipeline.JobResources;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What a job's workers get from the client. In a MiniCluster they share the client's disk and
 * environment; on a cluster they do not, so the input file's lines, the migrations folder's files,
 * a replay's log and the database passwords of the client's environment travel inside the job, and
 * a lost TaskManager is waited out by restarts with a backoff.
 */
public enum JobShipping {
    /** Workers in the client's JVM. */
    LOCAL,
    /** Workers elsewhere: everything they read travels with the job. */
    CLUSTER;

    /**
     * Restarts a following watch allows before it fails (each after up to 15 s): a database outage
     * is waited out.
     */
    static final int WATCH_RESTART_ATTEMPTS = 30;

    /**
     * Restarts an exam on a cluster allows: enough for lost TaskManagers, few enough that a failing
     * job fails within ~2 min.
     */
    static final int CLUSTER_RESTART_ATTEMPTS = 10;

    /**
     * LOCAL for an in-process environment, CLUSTER for any other deployment target (remote, YARN,
     * Kubernetes, …).
     */
    public static JobShipping of(StreamExecutionEnvironment env) {
        String target = env.getConfiguration().get(DeploymentOptions.TARGET);
        return target == null || target.equals("local") ? LOCAL : CLUSTER;
    }

    public boolean ships() {
        return this == CLUSTER;
    }

    /** The URL with the client's password for it written in, where workers cannot look it up. */
    public JdbcUrlTemplate url(JdbcUrlTemplate url, String database) {
        return ships() ? url.withClientPassword(database) : url;
    }

    /** sqlexam's state database as the workers reach it. */
    public StateDatabase state(StateDatabase state) {
        return state.on(url(state.server(), state.database()));
    }

    public ReaderAccess reader(ReaderAccess reader, String database) {
        return ships() ? reader.withClientPassword(database) : reader;
    }

    public JobFiles migrations(Path dir) {
        return JobResources.migrationsFolder(dir, ships());
    }

    public Generators generators(Generators generators) {
        return ships() ? generators.shipped() : generators;
    }

    /**
     * A file's lines: read by Flink's file source where the workers share the disk, else carried by
     * the job.
     */
    public ExamIo.Lines lines(Path file, String name) {
        if (!ships()) return ExamIo.Lines.file(file.toAbsolutePath().toUri().toString());
        List<NumberedLine> lines;
        try {
            lines = NumberedLinesFormat.readAll(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return env -> env.fromData(lines, TypeInformation.of(NumberedLine.class)).name(name);
    }

    /**
     * Restarts: a few quick ones in a MiniCluster; on a cluster enough, with a backoff, to outlast
     * a lost TaskManager.
     */
    public Configuration restarts(int localAttempts) {
        if (ships()) return backoffRestarts(CLUSTER_RESTART_ATTEMPTS);
        Configuration restart = new Configuration();
        restart.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        restart.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, localAttempts);
        return restart;
    }

    /** Restarts with an exponential backoff from 1 s to 15 s, at most {@code attempts} of them. */
    static Configuration backoffRestarts(int attempts) {
        Configuration restart = new Configuration();
        restart.set(RestartStrategyOptions.RESTART_STRATEGY, "exponential-delay");
        restart.set(
                RestartStrategyOptions.RESTART_STRATEGY_EXPONENTIAL_DELAY_INITIAL_BACKOFF,
                Duration.ofSeconds(1));
        restart.set(
                RestartStrategyOptions.RESTART_STRATEGY_EXPONENTIAL_DELAY_MAX_BACKOFF,
                Duration.ofSeconds(15));
        restart.set(RestartStrategyOptions.RESTART_STRATEGY_EXPONENTIAL_DELAY_ATTEMPTS, attempts);
        return restart;
    }
}
