package dev.sqlexam.jobs.runtime;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.runtime.client.JobStatusMessage;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.junit.jupiter.api.Test;

import java.util.Collection;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's failure paths: it never holds a cluster's slots or the command past its budget. */
class WarmUpJobTest {

    @Test
    void aWarmUpTheClusterCannotScheduleIsCancelledWithinItsBudget() throws Exception {
        try (MiniCluster cluster = LocalClusters.start(1)) {
            long start = System.nanoTime();
            // two slots asked of a cluster that has one: the job waits for a slot that never comes
            WarmUpJob.runOn(cluster, 2);
            assertThat((System.nanoTime() - start) / 1e9).as("seconds waited").isLessThan(15);
            Collection<JobStatusMessage> jobs = terminal(cluster);
            assertThat(jobs)
                    .extracting(JobStatusMessage::getJobState)
                    .as("the warm-up, cancelled so that its slot is free for the first job")
                    .containsExactly(JobStatus.CANCELED);
        }
    }

    @Test
    void aWarmUpOnAClusterThatStoppedReturnsAsIf() throws Exception {
        MiniCluster cluster = LocalClusters.start(2);
        cluster.close();
        long start = System.nanoTime();
        WarmUpJob.runOn(cluster, 2);
        assertThat((System.nanoTime() - start) / 1e9).as("seconds waited").isLessThan(15);
    }

    /** The cluster's jobs once none is running any more (within 30 s). */
    private static Collection<JobStatusMessage> terminal(MiniCluster cluster) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            Collection<JobStatusMessage> jobs = cluster.listJobs().get(30, TimeUnit.SECONDS);
            boolean ended = jobs.stream().allMatch(j -> j.getJobState().isGloballyTerminalState());
            if (ended || System.nanoTime() > deadline) return jobs;
            Thread.sleep(100);
        }
    }
}
