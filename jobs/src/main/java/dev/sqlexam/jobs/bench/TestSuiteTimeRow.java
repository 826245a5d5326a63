package dev.sqlexam.jobs.bench;

import dev.sqlexam.jobs.bench.ThroughputReport.Row;
import dev.sqlexam.jobs.bench.ThroughputReport.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.sqlexam.jobs.bench.ThroughputReport.f;

/**
 * The test-suite row of {@code bench throughput}: the bench does not run the suite (it takes
 * minutes and needs the machine to itself); it reports the last {@code ./sqlexam test} of this
 * checkout, which the script records in {@code logs/test-times.tsv} of the state folder.
 */
final class TestSuiteTimeRow {

    static final int TARGET_SECONDS = 480;

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
                    "≤ 8 min from a fresh clone",
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
                "≤ 8 min from a fresh clone",
                passed ? ThroughputReport.atMost(seconds, TARGET_SECONDS) : Verdict.NOT_MET,
                f(
                        "%s, commit %s; %s (from %s)",
                        last[0],
                        last[1],
                        fresh
                                ? "the first run in this checkout: set-up and build included"
                                : "not the checkout's first run: packages, the cluster and some of the build were there",
                        times));
    }
}
