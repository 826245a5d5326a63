package dev.sqlexam.bench;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.jobs.runtime.IndexRun;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code bench watch}: the watch graph's sustained events/s from the difference of a small and a
 * large run (four kinds of work per event), then live events written into a watched folder and how
 * late each window row comes out.
 *
 * @param log the query log whose events are cycled (null: ERP's synthetic log)
 * @param small events of the small run
 * @param large events of the large run
 * @param rate live events per second
 * @param seconds how long the live phase writes
 * @param window the live phase's window, in seconds
 */
public record WatchBenchRun(
        Settings settings, Path log, int small, int large, double rate, int seconds, int window) {

    public void run(PrintStream out) throws Exception {
        Path home = Home.resolve();
        prepareErp(home, out);
        Path work = Files.createTempDirectory("sqlexam-bench-watch");
        try {
            WatchBench bench =
                    new WatchBench(
                            settings,
                            log != null
                                    ? log
                                    : home.resolve("exam-sets/querylog/erp-synthetic.jsonl"),
                            work,
                            out);
            measure(bench, out);
        } finally {
            RunOutputs.deleteTree(work);
        }
    }

    /** ERP migrated and indexed: the retrieval-check row retrieves from it. */
    private void prepareErp(Path home, PrintStream out) {
        JdbcUrlTemplate admin = new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
        StateDatabase state = StateDatabase.from(settings);
        Migrations.migrate(admin, state, home.resolve("migrations"), "erp"::equals);
        new IndexRun(
                        admin,
                        state,
                        EmbeddingProviders.from(settings),
                        home.resolve("migrations"),
                        out)
                .ensure(
                        List.of("erp"),
                        settings.get(SqlExamOptions.PARALLELISM),
                        "the retrieval-check row has nothing to retrieve from");
    }

    private void measure(WatchBench bench, PrintStream out) throws Exception {
        out.println("[sqlexam] bench watch: throughput runs …");
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
        out.printf("[sqlexam] bench watch: live phase, %.0f events/s for %d s …%n", rate, seconds);
        WatchBench.Latency latency =
                bench.latency(rate, seconds, Duration.ofSeconds(window), Duration.ofMillis(500));
        out.println();
        bench.print(List.of(distinct, explainOnly, asLogged, withRetrieval), latency);
    }
}
