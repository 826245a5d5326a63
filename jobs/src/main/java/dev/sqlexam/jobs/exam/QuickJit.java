package dev.sqlexam.jobs.exam;

import java.lang.management.ManagementFactory;

/**
 * Whether this JVM compiles with C1 only, as ./sqlexam starts it by default (SQLEXAM_JIT=quick):
 * runs of the size most exams are end before C2's code pays back its compilation; a run far larger
 * is told how to keep C2.
 */
final class QuickJit {

    /** Records from which C2 measured faster (a 100,000-question grade: 26%). */
    static final long LARGE_RUN = 20_000;

    private QuickJit() {}

    static boolean on() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .anyMatch(a -> a.equals("-XX:TieredStopAtLevel=1"));
    }
}
