package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.jobs.ExamRun;
import dev.sqlexam.jobs.ExamSetFiles;
import dev.sqlexam.jobs.Home;
import dev.sqlexam.jobs.IndexRun;
import dev.sqlexam.jobs.RetrievalBench;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sqlexam bench ...}: benchmarks that print tables. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks that print tables.",
        subcommands = {BenchCommand.Retrieval.class})
final class BenchCommand extends CommandGroup {

    @Command(name = "retrieval", mixinStandardHelpOptions = true,
            description = "Latency of every retrieval stage (p50/p95/max after warm-up) beside an exact brute-force top-K, "
                    + "and retrieval quality (P/R/F1, full recall, tables per question) of V1 and V2 over an exam set.")
    static final class Retrieval implements Callable<Integer> {

        @Option(names = "--db", defaultValue = "erp", description = "Database to retrieve from (default ${DEFAULT-VALUE}); erp_large runs the ERP questions at scale.")
        String db;

        @Option(names = "--exam-set", description = "Questions (JSONL). Default: exam-sets/erp/erp.jsonl.")
        Path examSet;

        @Mixin
        CommonOptions common;

        @Override
        public Integer call() throws Exception {
            Settings settings = common.settings(Map.of());
            JdbcUrlTemplate admin = CommonOptions.admin(settings);
            Path home = Home.resolve();
            String control = settings.get(SqlExamOptions.RESULTS_DB);
            new IndexRun(admin, control, IndexCommand.providers(settings), home.resolve("migrations"), System.out)
                    .run(db, false, StreamExecutionEnvironment::getExecutionEnvironment, settings.get(SqlExamOptions.PARALLELISM));
            Path set = examSet != null ? examSet : home.resolve("exam-sets/erp/erp.jsonl");
            List<ExamQuestion> questions = ExamSetFiles.read(set, null).questions();
            try (RagStore store = new RagStore(new PooledConnections(admin, 2, RagStore.SESSION_INIT, false), control);
                    EmbeddingProvider embedder = IndexCommand.providers(settings).create()) {
                Map<String, String> modules = RetrievalBench.moduleOfTables(store.tables(db, embedder.model()));
                RetrievalBench.Report report = new RetrievalBench(store, embedder, RetrievalConfig.from(settings), home.resolve("migrations"))
                        .run(db, questions, modules);
                System.out.printf("retrieval bench: %s, %d questions from %s, model %s%n%n", db, questions.size(), set, embedder.model());
                RetrievalBench.print(report, System.out);
            }
            return 0;
        }
    }
}
