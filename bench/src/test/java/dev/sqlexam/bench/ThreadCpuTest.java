package dev.sqlexam.bench;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

class ThreadCpuTest {

    @Test
    void aFlinkTaskIsItsFirstOperatorAndAPoolIsItsNameWithoutNumbers() {
        assertThat(
                        ThreadCpu.kind(
                                "split per file and run, attach predictions (grade) -> execute and grade -> serialize each record once (2/2)#0"))
                .isEqualTo("split per file and run, attach predicti… (task)");
        assertThat(ThreadCpu.kind("execute and grade (1/2)#3"))
                .isEqualTo("execute and grade (task)");
        assertThat(ThreadCpu.kind("sqlexam-execute")).isEqualTo("sqlexam-execute");
        assertThat(ThreadCpu.kind("ForkJoinPool.commonPool-worker-3"))
                .isEqualTo("ForkJoinPool.commonPool-worker");
        assertThat(ThreadCpu.kind("pool-12-thread-4")).isEqualTo("pool-thread");
    }

    @Test
    void aThreadCountsWhatItSpentSinceTheStartAlsoWhenItEndedAndAnIdleOneNothing()
            throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        CountDownLatch startedBefore = new CountDownLatch(1);
        CountDownLatch measured = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // 300 ms of CPU before the measure starts (not counted), 200 ms after; alive when read
        Thread before =
                new Thread(
                        () -> {
                            spin(mx, 300);
                            startedBefore.countDown();
                            awaitQuietly(goOn);
                            spin(mx, 200);
                            measured.countDown();
                            awaitQuietly(release);
                        },
                        "before-worker-1");
        before.start();
        startedBefore.await();
        try (ThreadCpu cpu = new ThreadCpu(5)) {
            goOn.countDown();
            Thread busy = new Thread(() -> spin(mx, 300), "busy-worker-1");
            Thread idle = new Thread(() -> sleepQuietly(300), "idle-worker-1");
            busy.start();
            idle.start();
            busy.join();
            idle.join();
            measured.await();
            var seconds = cpu.secondsByKind(50);
            assertThat(seconds.get("before-worker")).isBetween(0.15, 0.29);
            assertThat(seconds.get("busy-worker"))
                    .as("ended before the reading")
                    .isBetween(0.1, 0.5);
            assertThat(seconds.getOrDefault("idle-worker", 0.0)).isLessThan(0.05);
            assertThat(seconds).doesNotContainKey("thread-cpu-sampler");
        } finally {
            goOn.countDown();
            release.countDown();
            before.join();
        }
    }

    private static void spin(ThreadMXBean mx, long cpuMs) {
        long until = mx.getCurrentThreadCpuTime() + cpuMs * 1_000_000L;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < until) x += x * 31 + 7;
        if (x == 42) System.out.print(""); // keeps the loop
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
