package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.bench.WatchBench;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.jobs.runtime.IndexRun;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
        Settings settings = common.settings(Map.of());
        Path home = Home.resolve();
        JdbcUrlTemplate admin = new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
        StateDatabase state = StateDatabase.from(settings);
        Migrations.migrate(admin, state, home.resolve("migrations"), "erp"::equals);
        new IndexRun(
                        admin,
                        state,
                        EmbeddingProviders.from(settings),
                        home.resolve("migrations"),
                        System.out)
                .ensure(
                        List.of("erp"),
                        settings.get(SqlExamOptions.PARALLELISM),
                        "the retrieval-check row has nothing to retrieve from");
        Path work = Files.createTempDirectory("sqlexam-bench-watch");
        try {
            WatchBench bench =
                    new WatchBench(
                            settings,
                            log != null
                                    ? log
                                    : home.resolve("exam-sets/querylog/erp-synthetic.jsonl"),
                            work,
                            System.out);
            System.out.println("[sqlexam] bench watch: throughput runs …");
            WatchBench.Throughput distinct =
                    bench.throughput(
                            "guard + lint + EXPLAIN, every SQL text new",
                            false,
                            true,
                            false,
                            small,
                            large);
            WatchBench.Throughput explainOnly =
                    bench.throughput(
                            "guard + lint + EXPLAIN, SQL repeating as in the log",
                            false,
                            false,
                            false,
                            small,
                            large);
            WatchBench.Throughput asLogged =
                    bench.throughput(
                            "as logged (30% graded: gold and app SQL run)",
                            true, false, false, small, large);
            WatchBench.Throughput withRetrieval =
                    bench.throughput(
                            "as logged + retrieval check of every event",
                            true,
                            false,
                            true,
                            small,
                            large);
            System.out.printf(
                    "[sqlexam] bench watch: live phase, %.0f events/s for %d s …%n", rate, seconds);
            WatchBench.Latency latency =
                    bench.latency(
                            rate, seconds, Duration.ofSeconds(window), Duration.ofMillis(500));
            System.out.println();
            bench.print(List.of(distinct, explainOnly, asLogged, withRetrieval), latency);
        } finally {
            RunOutputs.deleteTree(work);
        }
        return 0;
    }
}
