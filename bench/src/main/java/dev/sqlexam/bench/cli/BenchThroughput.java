package dev.sqlexam.bench.cli;

import dev.sqlexam.bench.ThroughputBenchRun;
import dev.sqlexam.jobs.cli.CommonOptions;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code sqlexam bench throughput}: every kind of run's throughput beside the floors the hardware
 * sets, measured in one sitting.
 */
@Command(
        name = "throughput",
        mixinStandardHelpOptions = true,
        description = {
            "Throughput of exams, grading, indexing and watch, each beside its floor measured in the same run.",
            "Throughput of exams (baseline and gold generators), the gold self-check over many small "
                    + "databases end to end, indexing, grading many predictions files, watch, the async operator "
                    + "against a loopback model with a fixed latency, per-stage CPU time per question, and heap/RSS "
                    + "over a large exam set; each beside floors measured in the same run (an empty job's start-up, "
                    + "bare JDBC executions of the golds, bare embedding in batches) and its target."
        })
final class BenchThroughput implements Callable<Integer> {

    @Option(
            names = "--small-databases",
            defaultValue = "210",
            description =
                    "Small databases (copies of demo) for the self-check and indexing rows (default ${DEFAULT-VALUE}).")
    int smallDatabases;

    @Option(
            names = "--files",
            defaultValue = "12",
            description = "Predictions files of the grading row (default ${DEFAULT-VALUE}).")
    int files;

    @Option(
            names = "--memory-questions",
            defaultValue = "100000",
            description = "Questions of the memory row's exam set (default ${DEFAULT-VALUE}).")
    int memoryQuestions;

    @Option(
            names = "--model-latency-ms",
            defaultValue = "500",
            description = "Latency of the loopback model (default ${DEFAULT-VALUE}).")
    long latencyMs;

    @Option(
            names = "--watch-events",
            defaultValue = "6000",
            description =
                    "Events of the watch row's large run (default ${DEFAULT-VALUE}; the small run has a sixth).")
    int watchEvents;

    @Option(
            names = "--suite-size",
            defaultValue = "5",
            paramLabel = "N|auto",
            description = "Test suite size of the suites rows " + "(default ${DEFAULT-VALUE}).")
    String suiteSize;

    @Option(
            names = "--rows",
            split = ",",
            paramLabel = "ROW",
            description =
                    "Only these rows: exam, cold, databases (grading: its last row alone), sqlite (a Spider-size set on SQLite "
                            + "files against its serial floor), suites, watch, async, memory, tests, stages (default: all; the "
                            + "floors are always measured).")
    Set<String> rows;

    @Mixin CommonOptions common;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (rows != null && !ThroughputBenchRun.ROWS.containsAll(rows)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--rows: unknown row(s) "
                            + rows.stream()
                                    .filter(r -> !ThroughputBenchRun.ROWS.contains(r))
                                    .toList()
                            + "; the rows are "
                            + String.join(", ", ThroughputBenchRun.ROWS));
        }
        new ThroughputBenchRun(
                        common::settings,
                        new ThroughputBenchRun.Options(
                                smallDatabases,
                                files,
                                memoryQuestions,
                                latencyMs,
                                watchEvents,
                                suiteSize,
                                rows))
                .run(System.out);
        return 0;
    }
}
