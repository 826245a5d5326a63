package dev.sqlexam.bench;

import dev.sqlexam.bench.ThroughputReport.Row;
import dev.sqlexam.bench.ThroughputReport.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.sqlexam.bench.ThroughputReport.f;

/**
 * The test-suite row of {@code bench throughput}: the bench does not run the suite (it takes
 * minutes and needs the machine to itself); it reports the last {@code ./sqlexam test} of this
 * checkout, which the script records in {@code logs/test-times.tsv} of the state folder: when, the
 * commit, seconds, exit code, whether it was the checkout's first run, and (since 2026-11-29) the
 * machine's busy CPU seconds over the run and its cores.
 */
final class TestSuiteTimeRow {

    static final int TARGET_SECONDS = 480;

    private static final String TARGET = f("≤ %d min from a fresh clone", TARGET_SECONDS / 60);

    private TestSuiteTimeRow() {}

    static Row of(Path state) throws IOException {
        Path times = state.resolve("logs").resolve("test-times.tsv");
        String what = "./sqlexam test, the last run of this checkout";
        List<String> lines = Files.exists(times) ? Files.readAllLines(times) : List.of();
        if (lines.isEmpty()) {
            return new Row(
                    what,
                    "never run here",
                    "",
                    "",
                    TARGET,
                    Verdict.NONE,
                    "run ./sqlexam test, then this bench again (" + times + ")");
        }
        String[] last = lines.get(lines.size() - 1).split("\t");
        int seconds = Integer.parseInt(last[2]);
        boolean passed = last[3].equals("0");
        boolean fresh = last.length > 4 && last[4].equals("yes");
        return new Row(
                what,
                f(
                        "%d:%02d min (%s)",
                        seconds / 60, seconds % 60, passed ? "passed" : "exit " + last[3]),
                "",
                "",
                TARGET,
                passed ? ThroughputReport.atMost(seconds, TARGET_SECONDS) : Verdict.NOT_MET,
                f(
                        "%s, commit %s; %s%s (from %s)",
                        last[0],
                        last[1],
                        fresh
                                ? "the first run in this checkout: set-up and build included"
                                : "not the checkout's first run: packages, the cluster and some of the build were there",
                        work(last, seconds),
                        times));
    }

    /**
     * The work the run asked of the machine against what the target leaves room for: its cores'
     * busy seconds (every process) beside the target's seconds times the cores. Where the work
     * alone exceeds that room, no scheduling of the same tests meets the target.
     */
    static String work(String[] fields, int seconds) {
        if (fields.length < 7 || fields[5].isEmpty() || fields[6].isEmpty()) return "";
        long busy = Long.parseLong(fields[5]);
        int cores = Integer.parseInt(fields[6]);
        if (cores <= 0 || seconds <= 0) return "";
        long room = (long) TARGET_SECONDS * cores;
        return f(
                "; the machine's %d cores did %d s of work meanwhile (%.0f%% busy), where %d min on"
                        + " %d cores hold %d s at 100%% busy%s",
                cores,
                busy,
                100.0 * busy / ((double) seconds * cores),
                TARGET_SECONDS / 60,
                cores,
                room,
                busy > room
                        ? f(
                                ": the work alone is %.2f× that room, so the same tests cannot"
                                        + " fit %d min by running them more in parallel",
                                (double) busy / room, TARGET_SECONDS / 60)
                        : "");
    }
}
