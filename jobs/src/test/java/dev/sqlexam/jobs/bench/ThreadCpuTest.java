package dev.sqlexam.jobs.bench;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

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
    void aThreadThatEndedDuringTheRunCountsWhatItSpentAndAnIdleOneNothing() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (ThreadCpu cpu = new ThreadCpu(5)) {
            Thread busy =
                    new Thread(
                            () -> {
                                long until = mx.getCurrentThreadCpuTime() + 300_000_000L;
                                long x = 0;
                                while (mx.getCurrentThreadCpuTime() < until) x += x * 31 + 7;
                                if (x == 42) System.out.print(""); // keeps the loop
                            },
                            "busy-worker-1");
            Thread idle = new Thread(() -> sleepQuietly(300), "idle-worker-1");
            busy.start();
            idle.start();
            busy.join();
            idle.join();
            var seconds = cpu.secondsByKind(50);
            assertThat(seconds.get("busy-worker")).isBetween(0.2, 0.5);
            assertThat(seconds.getOrDefault("idle-worker", 0.0)).isLessThan(0.05);
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
