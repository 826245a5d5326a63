package dev.sqlexam.jobs.runtime;

import dev.sqlexam.flink.PlanJoins;
import dev.sqlexam.jobs.graph.ExamJob;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.report.SummaryAccumulator;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An exam or grade job on a Flink target: the environment configured as the run asks (parallelism,
 * checkpoints, object reuse, restarts), the graph started, followed with a progress line, and what
 * it hands back collected. The run classes see none of Flink's API.
 */
public final class ExamJobRunner {

    /**
     * What a finished job handed back: its records' summary, the FK subgraph cache's hits and
     * misses.
     */
    public record Finished(SummaryAccumulator summary, long subgraphHits, long subgraphMisses) {}

    private static final int LOCAL_RESTART_ATTEMPTS = 2;

    private final StreamExecutionEnvironment env;
    private final JobShipping shipping;
    private final boolean local;

    public ExamJobRunner(FlinkTarget target) {
        env = target.environment();
        shipping = JobShipping.of(env);
        local = !target.remote();
    }

    /** What the workers get from the client on this target. */
    public JobShipping shipping() {
        return shipping;
    }

    /** Runs {@code job} to its end; {@code expected} records drive the progress line. */
    public Finished run(
            ExamJob job, int parallelism, long checkpointIntervalMs, long expected, PrintStream out)
            throws Exception {
        env.setParallelism(parallelism);
        env.enableCheckpointing(checkpointIntervalMs);
        env.getConfig().enableObjectReuse();
        env.configure(shipping.restarts(LOCAL_RESTART_ATTEMPTS));
        // the summary's state holds each question's outcome per variant: past 5 MB (some 30,000
        // records) the JobManager's
        // memory refuses the checkpoint and the job fails, so a local job checkpoints to a folder
        // of its own
        Path checkpoints = local ? Files.createTempDirectory("sqlexam-exam-checkpoints") : null;
        if (checkpoints != null) {
            Configuration storage = new Configuration();
            storage.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
            storage.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpoints.toUri().toString());
            env.configure(storage);
        }
        try {
            return follow(job, expected, out);
        } finally {
            // Flink may still write into the folder as it shuts down: a folder left is no failure
            if (checkpoints != null && !RunOutputs.deleteScratch(checkpoints))
                out.println(
                        "[sqlexam] note: the job's checkpoint folder "
                                + checkpoints
                                + " could not be removed; nothing of the run is in it");
        }
    }

    private Finished follow(ExamJob job, long expected, PrintStream out) throws Exception {
        ExamJob.Running running = job.start(env);
        try (ClientJob client = ClientJob.follow(running.client(), null, shipping, out);
                ProgressReporter progress =
                        new ProgressReporter(running.client(), Math.max(0, expected), out)) {
            // the summary's parts come at the job's end: read once it ended, they are in its
            // result at once (asked for while it runs, the collecting iterator polls every 100 ms)
            JobExecutionResult result = client.result();
            SummaryAccumulator summary = new SummaryAccumulator();
            while (running.summary().hasNext()) summary.merge(running.summary().next());
            progress.finish(summary.records());
            return new Finished(
                    summary, counter(result, PlanJoins.HITS), counter(result, PlanJoins.MISSES));
        } finally {
            running.summary().close();
        }
    }

    private static long counter(JobExecutionResult result, String name) {
        Long value = result.getAccumulatorResult(name);
        return value == null ? 0 : value;
    }
}
