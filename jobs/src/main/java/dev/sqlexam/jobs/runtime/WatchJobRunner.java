package dev.sqlexam.jobs.runtime;

import dev.sqlexam.flink.ExamSinks;
import dev.sqlexam.flink.ParseQueryLog;
import dev.sqlexam.flink.WatchTables;
import dev.sqlexam.jobs.graph.WatchJob;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A watch job on a Flink target: the environment checkpointing into the watch's folder (restored
 * from {@code restore} when given), the sinks of its outputs, the graph started and followed
 * (console lines included) to its end or until the client stops. The watch's run class sees none of
 * Flink's API.
 */
public final class WatchJobRunner {

    private static final int TABLE_WRITE_ATTEMPTS = 3;

    private final StreamExecutionEnvironment env;
    private final JobShipping shipping;

    public WatchJobRunner(FlinkTarget target, Path checkpoints, Path restore) {
        this(target.environment(WatchCheckpoints.flinkConfiguration(checkpoints, restore)));
    }

    /** Without checkpoints: a bench's or a test's watch on {@code target}. */
    public WatchJobRunner(FlinkTarget target) {
        this(target.environment());
    }

    private WatchJobRunner(StreamExecutionEnvironment env) {
        this.env = env;
        shipping = JobShipping.of(env);
    }

    /** A started job: waited for to its end, or cancelled (and waited for until it stopped). */
    public static final class Started {
        private static final long STOP_WAIT_S = 30;
        private final JobClient client;

        private Started(JobClient client) {
            this.client = client;
        }

        public void awaitEnd() throws Exception {
            client.getJobExecutionResult().get();
        }

        public void cancel() throws Exception {
            client.cancel().get(STOP_WAIT_S, TimeUnit.SECONDS);
            while (!client.getJobStatus()
                    .get(STOP_WAIT_S, TimeUnit.SECONDS)
                    .isGloballyTerminalState()) Thread.sleep(100);
        }
    }

    /** Starts {@code job} without checkpoints and returns at once. */
    public Started start(WatchJob job, int parallelism) throws Exception {
        env.setParallelism(parallelism);
        return new Started(job.start(env).client());
    }

    /** What the workers get from the client on this target. */
    public JobShipping shipping() {
        return shipping;
    }

    /**
     * The watch's outputs: committed JSON-line parts under {@code parts}, window rows and alerts
     * upserted into {@code tablesUrl} as {@code watchId}.
     */
    public WatchJob.Sinks sinks(Path parts, String tablesUrl, String watchId) {
        return new WatchJob.Sinks(
                files(parts, "evaluations"),
                files(parts, "windows"),
                files(parts, "alerts"),
                files(parts, "rejected"),
                files(parts, "late"),
                new WatchJob.Tables(
                        WatchTables.windows(tablesUrl, watchId, TABLE_WRITE_ATTEMPTS),
                        WatchTables.alerts(tablesUrl, watchId, TABLE_WRITE_ATTEMPTS)),
                shipping.ships() ? WatchJob.Console.CLIENT : WatchJob.Console.STDOUT,
                new WatchJob.ShadowSinks(
                        files(parts, "shadow"), files(parts, "shadow_disagreements")));
    }

    /**
     * Runs {@code job} until it ends; returns the events its parser rejected (null when the job
     * reported none).
     */
    public Long run(WatchJob job, int parallelism, long checkpointIntervalMs, PrintStream out)
            throws Exception {
        env.setParallelism(parallelism);
        env.enableCheckpointing(checkpointIntervalMs);
        WatchJob.Running running = job.start(env);
        JobExecutionResult result;
        try (ClientJob client =
                ClientJob.follow(running.client(), running.console(), shipping, out)) {
            result = client.result();
        }
        return result.getAccumulatorResult(ParseQueryLog.REJECTED_COUNTER);
    }

    private static <T> FileSink<T> files(Path parts, String name) {
        return ExamSinks.jsonLines(parts.resolve(name).toAbsolutePath().toUri().toString(), name);
    }
}
