package dev.sqlexam.jobs.runtime;

import dev.sqlexam.flink.ParseExamLines;
import dev.sqlexam.flink.PlanJoins;
import dev.sqlexam.jobs.graph.ExamJob;
import dev.sqlexam.report.SummaryAccumulator;
import java.io.PrintStream;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * An exam or grade job on a Flink target: the environment configured as the run asks (parallelism, checkpoints, object
 * reuse, restarts), the graph started, followed with a progress line, and what it hands back collected. The run classes
 * see none of Flink's API.
 */
public final class ExamJobRunner {

    /** What a finished job handed back: its records' summary, the exam-set lines it rejected, the FK subgraph cache's hits and misses. */
    public record Finished(SummaryAccumulator summary, long rejectedLines, long subgraphHits, long subgraphMisses) {}

    private static final int LOCAL_RESTART_ATTEMPTS = 2;

    private final StreamExecutionEnvironment env;
    private final JobShipping shipping;

    public ExamJobRunner(FlinkTarget target) {
        env = target.environment();
        shipping = JobShipping.of(env);
    }

    /** What the workers get from the client on this target. */
    public JobShipping shipping() {
        return shipping;
    }

    /** Runs {@code job} to its end; {@code expected} records drive the progress line. */
    public Finished run(ExamJob job, int parallelism, long checkpointIntervalMs, long expected, PrintStream out) throws Exception {
        env.setParallelism(parallelism);
        env.enableCheckpointing(checkpointIntervalMs);
        env.getConfig().enableObjectReuse();
        env.configure(shipping.restarts(LOCAL_RESTART_ATTEMPTS));
        ExamJob.Running running = job.start(env);
        try (ClientJob client = ClientJob.follow(running.client(), null, shipping, out);
                ProgressReporter progress = new ProgressReporter(running.client(), Math.max(0, expected), out)) {
            SummaryAccumulator summary = running.summary().hasNext() ? running.summary().next() : new SummaryAccumulator();
            JobExecutionResult result = client.result();
            progress.finish(summary.records());
            return new Finished(summary, counter(result, ParseExamLines.REJECTED_COUNTER), counter(result, PlanJoins.HITS),
                    counter(result, PlanJoins.MISSES));
        } finally {
            running.summary().close();
        }
    }

    private static long counter(JobExecutionResult result, String name) {
        Long value = result.getAccumulatorResult(name);
        return value == null ? 0 : value;
    }
}
