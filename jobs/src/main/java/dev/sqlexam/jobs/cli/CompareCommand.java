package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.exam.CompareRuns;
import dev.sqlexam.jobs.run.Home;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;

/** {@code sqlexam compare}: the A/B statistics of two earlier runs, from their logs. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description =
                "Compare two earlier runs from their exam logs, question by question: per variant mean ± std, pass@N, error bars; "
                        + "for each pair the difference with its bootstrap CI, McNemar's p and the questions they disagree on. "
                        + "No database and no model are used.")
final class CompareCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "RUN_DIR_A",
            description = "The reference run's folder (runs/<run-id>).")
    Path runA;

    @Parameters(index = "1", paramLabel = "RUN_DIR_B", description = "The other run's folder.")
    Path runB;

    @Option(
            names = "--out",
            description =
                    "Folder for the comparison's summary.json and disagreements.jsonl. Default: runs/compare-<time>.")
    Path out;

    @Override
    public Integer call() throws Exception {
        Path dir =
                out != null
                        ? out
                        : Home.resolve()
                                .resolve("runs")
                                .resolve(
                                        "compare-"
                                                + LocalDateTime.now()
                                                        .format(
                                                                DateTimeFormatter.ofPattern(
                                                                        "yyyyMMdd-HHmmss")));
        return CompareRuns.variantsCompared(runA, runB, dir, System.out) < 2 ? 2 : 0;
    }
}
