package dev.sqlexam.jobs.exam;

import java.lang.management.ManagementFactory;

/**
 * Whether this JVM compiles with C1 only, as ./sqlexam starts it by default (SQLEXAM_JIT=quick):
 * runs the size of most exams end before C2's code pays back its compilation; a run far larger is
 * told how to keep C2.
 */
final class QuickJit {

    /**
     * Records from which the hint is given: where C2 starts to pay back (docs/benchmarks.md,
     * "Behind the code's choices").
     */
    static final long LARGE_RUN = 20_000;

    private QuickJit() {}

    static boolean on() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .anyMatch(a -> a.equals("-XX:TieredStopAtLevel=1"));
    }
}
