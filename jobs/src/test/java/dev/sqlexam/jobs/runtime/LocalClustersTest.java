package dev.sqlexam.jobs.runtime;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Local jobs run one after another on one kept MiniCluster; a job beside a running one on its own.
 */
class LocalClustersTest {

    private static final CountDownLatch HOLD = new CountDownLatch(1);

    @Test
    void jobsOneAfterAnotherShareOneClusterAndGetTheirOwnResults() throws Exception {
        assertThat(doubledSum(2, 100)).isEqualTo(10_100);
        int started = LocalClusters.PROCESS.started();
        assertThat(doubledSum(2, 10)).isEqualTo(110);
        assertThat(doubledSum(1, 1_000)).isEqualTo(1_001_000);
        assertThat(LocalClusters.PROCESS.started()).as("clusters started").isEqualTo(started);
    }

    @Test
    void aJobWithMoreParallelismThanTheKeptClusterHasSlotsGetsALargerOne() throws Exception {
        assertThat(doubledSum(1, 10)).isEqualTo(110);
        int started = LocalClusters.PROCESS.started();
        assertThat(doubledSum(5, 10)).isEqualTo(110);
        assertThat(LocalClusters.PROCESS.started()).isEqualTo(started + 1);
        assertThat(doubledSum(3, 10)).isEqualTo(110);
        assertThat(LocalClusters.PROCESS.started()).isEqualTo(started + 1);
    }

    @Test
    void aJobBesideARunningOneRunsOnAClusterOfItsOwn() throws Exception {
        StreamExecutionEnvironment env = FlinkTarget.local().environment();
        env.setParallelism(2);
        env.fromSequence(1, 4).map(new HeldUntilReleased()).sinkTo(new DiscardingSink<>());
        JobClient held = env.executeAsync("held");
        try {
            waitUntilRunning(held);
            int started = LocalClusters.PROCESS.started();
            assertThat(doubledSum(2, 100)).isEqualTo(10_100);
            assertThat(LocalClusters.PROCESS.started())
                    .as("the kept cluster was busy: the second job had one of its own")
                    .isEqualTo(started);
            assertThat(held.getJobStatus().get()).isEqualTo(JobStatus.RUNNING);
        } finally {
            HOLD.countDown();
        }
        held.getJobExecutionResult().get(60, TimeUnit.SECONDS);
        int started = LocalClusters.PROCESS.started();
        assertThat(doubledSum(2, 10)).isEqualTo(110);
        assertThat(LocalClusters.PROCESS.started()).as("kept again once free").isEqualTo(started);
    }

    private static long doubledSum(int parallelism, long n) throws Exception {
        StreamExecutionEnvironment env = FlinkTarget.local().environment();
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
            HOLD.await(60, TimeUnit.SECONDS);
            return value;
        }
    }
}
