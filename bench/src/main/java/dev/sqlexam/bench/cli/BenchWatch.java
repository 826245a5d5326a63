package dev.sqlexam.bench.cli;

import dev.sqlexam.bench.WatchBenchRun;
import dev.sqlexam.jobs.cli.CommonOptions;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code sqlexam bench watch}: the watch graph's sustained events/s and its window latency. */
@Command(
        name = "watch",
        mixinStandardHelpOptions = true,
        description = {
            "Sustained events/s of the watch graph and how late its window rows come out.",
            "Sustained events/s of the watch graph (each event through the guard, lint and EXPLAIN as the "
                    + "read-only role; and as logged, with the gold-labelled events graded, and with the retrieval "
                    + "check), from the difference of a small and a large run; then live events written into a "
                    + "watched folder at --rate for --seconds: how long after its window's end each app window row "
                    + "is out."
        })
final class BenchWatch implements Callable<Integer> {

    @Option(
            names = "--log",
            paramLabel = "FILE",
            description =
                    "Query log whose events are cycled. Default: exam-sets/querylog/erp-synthetic.jsonl.")
    Path log;

    @Option(
            names = "--small",
            defaultValue = "2000",
            description = "Events of the small run (default ${DEFAULT-VALUE}).")
    int small;

    @Option(
            names = "--events",
            defaultValue = "12000",
            description = "Events of the large run (default ${DEFAULT-VALUE}).")
    int large;

    @Option(
            names = "--rate",
            defaultValue = "200",
            description = "Live events per second (default ${DEFAULT-VALUE}).")
    double rate;

    @Option(
            names = "--seconds",
            defaultValue = "60",
            description = "How long the live phase writes (default ${DEFAULT-VALUE}).")
    int seconds;

    @Option(
            names = "--window",
            paramLabel = "SECONDS",
            defaultValue = "5",
            description = "Window of the live phase (default ${DEFAULT-VALUE}).")
    int window;

    @Mixin CommonOptions common;

    @Override
    public Integer call() throws Exception {
        new WatchBenchRun(common.settings(Map.of()), log, small, large, rate, seconds, window)
                .run(System.out);
        return 0;
    }
}
