package dev.sqlexam.jobs.runtime;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.client.JobStatusMessage;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Local jobs run one after another on one kept MiniCluster; a job beside a running one on its own;
 * a cluster started ahead of the first job is the one it runs on.
 */
class LocalClustersTest {

    private static volatile CountDownLatch hold;

    @Test
    void jobsOneAfterAnotherShareOneClusterAndGetTheirOwnResults() throws Exception {
        assertThat(doubledSum(1, 10)).isEqualTo(110);
        int started = LocalClusters.PROCESS.started();
        LocalClusters.Runs before = LocalClusters.PROCESS.runs();
        assertThat(doubledSum(1, 100)).isEqualTo(10_100);
        assertThat(doubledSum(1, 10)).isEqualTo(110);
        assertThat(doubledSum(1, 1_000)).isEqualTo(1_001_000);
        LocalClusters.Runs after = LocalClusters.PROCESS.runs();
        assertThat(after.onKept() - before.onKept()).as("jobs on the kept cluster").isEqualTo(3);
        assertThat(after.onOwn() - before.onOwn()).as("jobs on a cluster of their own").isZero();
        assertThat(LocalClusters.PROCESS.started())
                .as("clusters started")
                .isBetween(started, started + 3 / LocalClusters.JOBS_PER_CLUSTER + 1);
    }

    @Test
    void aJobWithMoreParallelismThanTheKeptClusterHasSlotsGetsALargerOne() throws Exception {
        assertThat(doubledSum(1, 10)).isEqualTo(110);
        int started = LocalClusters.PROCESS.started();
        int wider = LocalClusters.PROCESS.keptSlots() + 1;
        assertThat(doubledSum(wider, 10)).isEqualTo(110);
        assertThat(LocalClusters.PROCESS.started()).isEqualTo(started + 1);
        assertThat(LocalClusters.PROCESS.keptSlots()).isEqualTo(wider);
        LocalClusters.Runs before = LocalClusters.PROCESS.runs();
        assertThat(doubledSum(wider - 1, 10)).isEqualTo(110);
        assertThat(LocalClusters.PROCESS.runs().onKept()).isEqualTo(before.onKept() + 1);
    }

    @Test
    void aJobBesideARunningOneRunsOnAClusterOfItsOwn() throws Exception {
        hold = new CountDownLatch(1);
        StreamExecutionEnvironment env = FlinkTarget.local().environment();
        env.setParallelism(1);
        env.fromSequence(1, 4).map(new HeldUntilReleased()).sinkTo(new DiscardingSink<>());
        JobClient held = env.executeAsync("held");
        try {
            waitUntilRunning(held);
            LocalClusters.Runs before = LocalClusters.PROCESS.runs();
            assertThat(doubledSum(1, 100)).isEqualTo(10_100);
            assertThat(LocalClusters.PROCESS.runs().onOwn())
                    .as("the kept cluster was busy: the second job had one of its own")
                    .isEqualTo(before.onOwn() + 1);
            assertThat(held.getJobStatus().get()).isEqualTo(JobStatus.RUNNING);
        } finally {
            hold.countDown();
        }
        held.getJobExecutionResult().get(60, TimeUnit.SECONDS);
        LocalClusters.Runs before = LocalClusters.PROCESS.runs();
        assertThat(doubledSum(1, 10)).isEqualTo(110);
        assertThat(LocalClusters.PROCESS.runs().onKept())
                .as("kept again once the held job ended")
                .isEqualTo(before.onKept() + 1);
    }

    @Test
    void aClusterStartedAheadIsTheOneTheFirstJobRunsOn() throws Exception {
        LocalClusters clusters = new LocalClusters();
        try {
            MiniCluster ahead = clusters.prestart(2).get(60, TimeUnit.SECONDS);
            assertThat(doubledSum(environmentOn(clusters), 2, 100)).isEqualTo(10_100);
            assertThat(ahead.listJobs().get(60, TimeUnit.SECONDS))
                    .as("the job ran on the cluster started ahead")
                    .extracting(JobStatusMessage::getJobName, JobStatusMessage::getJobState)
                    .containsExactly(tuple("sum", JobStatus.FINISHED));
            assertThat(clusters.started()).as("clusters started").isEqualTo(1);
            assertThat(clusters.prestart(2).get())
                    .as("the kept cluster, not another")
                    .isSameAs(ahead);
        } finally {
            clusters.closeKept();
        }
    }

    @Test
    void aJobWiderThanTheClusterStartedAheadGetsALargerOne() throws Exception {
        LocalClusters clusters = new LocalClusters();
        try {
            MiniCluster ahead = clusters.prestart(1).get(60, TimeUnit.SECONDS);
            assertThat(doubledSum(environmentOn(clusters), 2, 10)).isEqualTo(110);
            assertThat(ahead.isRunning()).as("the narrower cluster closed").isFalse();
            assertThat(clusters.started()).isEqualTo(2);
            assertThat(clusters.keptSlots()).isEqualTo(2);
        } finally {
            clusters.closeKept();
        }
    }

    /** As FlinkTarget's local environment, on {@code clusters} instead of the process's. */
    private static StreamExecutionEnvironment environmentOn(LocalClusters clusters) {
        Configuration configuration = new Configuration();
        configuration.set(DeploymentOptions.TARGET, "local");
        configuration.set(DeploymentOptions.ATTACHED, true);
        return new StreamExecutionEnvironment(
                clusters, configuration, LocalClustersTest.class.getClassLoader());
    }

    private static long doubledSum(int parallelism, long n) throws Exception {
        return doubledSum(FlinkTarget.local().environment(), parallelism, n);
    }

    private static long doubledSum(StreamExecutionEnvironment env, int parallelism, long n)
            throws Exception {
        env.setParallelism(parallelism);
        List<Long> out = new ArrayList<>();
        try (CloseableIterator<Long> it =
                env.fromSequence(1, n).map(x -> 2 * x).executeAndCollect("sum")) {
            it.forEachRemaining(out::add);
        }
        assertThat(out).hasSize((int) n);
        return out.stream().mapToLong(Long::longValue).sum();
    }

    private static void waitUntilRunning(JobClient client) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (client.getJobStatus().get() != JobStatus.RUNNING) {
            assertThat(System.nanoTime()).as("the held job started").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private static final class HeldUntilReleased implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) throws Exception {
            hold.await(60, TimeUnit.SECONDS);
            return value;
        }
    }
}
