package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.ServerProbe;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.jobs.bench.BenchDatabase;
import dev.sqlexam.jobs.bench.RepairBench;
import dev.sqlexam.jobs.bench.RetrievalBench;
import dev.sqlexam.jobs.bench.SelectBench;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.Preflight;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.jobs.runtime.IndexRun;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalConfig;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/** {@code sqlexam bench ...}: benchmarks that print tables. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Benchmarks that print tables.",
        subcommands = {
            BenchCommand.Retrieval.class,
            BenchCommand.Repair.class,
            BenchCommand.Select.class,
            BenchSharing.class,
            BenchWatch.class,
            BenchThroughput.class
        })
final class BenchCommand extends CommandGroup {

    @Command(
            name = "retrieval",
            mixinStandardHelpOptions = true,
            description =
                    "Latency of every retrieval stage (p50/p95/max after warm-up) beside an exact brute-force top-K, "
                            + "and retrieval quality (P/R/F1, full recall, tables per question) of V1 and V2 over an exam set.")
    static final class Retrieval implements Callable<Integer> {

        @Option(
                names = "--db",
                defaultValue = "erp",
                description =
                        "Database to retrieve from (default ${DEFAULT-VALUE}); erp_large runs the ERP questions at scale.")
        String db;

        @Option(
                names = "--exam-set",
                description = "Questions (JSONL). Default: exam-sets/erp/erp.jsonl.")
        Path examSet;

        @Mixin CommonOptions common;

        @Override
        public Integer call() throws Exception {
            Settings settings = common.settings(Map.of());
            JdbcUrlTemplate admin = CommonOptions.admin(settings);
            Path home = Home.resolve();
            StateDatabase state = StateDatabase.from(settings);
            new IndexRun(
                            admin,
                            state,
                            EmbeddingProviders.from(settings),
                            home.resolve("migrations"),
                            System.out)
                    .run(db, false, FlinkTarget.local(), settings.get(SqlExamOptions.PARALLELISM));
            Path set = examSet != null ? examSet : home.resolve("exam-sets/erp/erp.jsonl");
            List<ExamQuestion> questions = ExamSetFiles.read(set, null).questions();
            try (RagStore store = RagStore.open(state, ConnectionPolicy.from(settings));
                    EmbeddingProvider embedder = EmbeddingProviders.from(settings).create()) {
                Map<String, String> modules =
                        RetrievalBench.moduleOfTables(store.tables(db, embedder.model()));
                RetrievalBench.Report report =
                        new RetrievalBench(
                                        store,
                                        embedder,
                                        RetrievalConfig.from(settings),
                                        home.resolve("migrations"))
                                .run(db, questions, modules);
                System.out.printf(
                        "retrieval bench: %s, %d questions from %s, model %s%n%n",
                        db, questions.size(), set, embedder.model());
                RetrievalBench.print(report, System.out);
            }
            return 0;
        }
    }

    /** A benchmark over the gold queries of an exam set, on the databases it asks about. */
    abstract static class OverExamSet implements Callable<Integer> {

        @Option(
                names = "--exam-set",
                description = "Exam set (JSONL). Default: exam-sets/erp/erp.jsonl.")
        Path examSet;

        @Option(
                names = "--show-failures",
                description =
                        "Also list every case the benchmark counts as a failure, with its SQL.")
        boolean showFailures;

        @Mixin CommonOptions common;

        @Override
        public final Integer call() throws Exception {
            Settings settings = common.settings(Map.of());
            List<ExamQuestion> questions = questions(examSet);
            long start = System.nanoTime();
            try (Databases dbs = Databases.open(settings, questions)) {
                run(
                        settings,
                        questions,
                        dbs.byName(),
                        examSet == null ? "exam-sets/erp/erp.jsonl" : examSet.toString(),
                        start);
            }
            return 0;
        }

        abstract void run(
                Settings settings,
                List<ExamQuestion> questions,
                Map<String, BenchDatabase> dbs,
                String setName,
                long start);

        static double seconds(long start) {
            return (System.nanoTime() - start) / 1e9;
        }
    }

    @Command(
            name = "repair",
            mixinStandardHelpOptions = true,
            description =
                    "Injects typical model mistakes into every gold query, runs only the deterministic repairs, and reports "
                            + "per mistake type: restored / executes but wrong / not fixed; plus correct queries PG normalization turns wrong.")
    static final class Repair extends OverExamSet {
        @Override
        void run(
                Settings settings,
                List<ExamQuestion> questions,
                Map<String, BenchDatabase> dbs,
                String setName,
                long start) {
            RepairBench.Report report =
                    new RepairBench(dev.sqlexam.repair.RepairLoop.Settings.from(settings))
                            .run(questions, dbs);
            System.out.printf(
                    "repair bench: %d questions from %s, deterministic repairs only (no model), %.1f s%n%n",
                    questions.size(), setName, seconds(start));
            if (showFailures) RepairBench.printFailures(report, System.out);
            RepairBench.print(report, System.out);
        }
    }

    @Command(
            name = "select",
            mixinStandardHelpOptions = true,
            description =
                    "Pools of each gold query plus corrupted variants in shuffled order: how often scoring + rerank selects "
                            + "a result-correct candidate, beside picking at random.")
    static final class Select extends OverExamSet {

        @Option(
                names = "--seed",
                defaultValue = "42",
                description = "Shuffle seed (default ${DEFAULT-VALUE}).")
        long seed;

        @Option(
                names = "--pool-size",
                defaultValue = "6",
                description = "Candidates per pool, the gold included (default ${DEFAULT-VALUE}).")
        int poolSize;

        @Override
        void run(
                Settings settings,
                List<ExamQuestion> questions,
                Map<String, BenchDatabase> dbs,
                String setName,
                long start) {
            boolean reranker = settings.get(SqlExamOptions.CANDIDATE_RERANKER_ENABLED);
            SelectBench.Report report =
                    new SelectBench(
                                    dev.sqlexam.evaluation.CandidateEvaluator.Settings.from(
                                            settings),
                                    seed,
                                    poolSize)
                            .run(questions, dbs);
            System.out.printf(
                    "select bench: %d questions from %s, pools of up to %d, seed %d, reranker %s, %.1f s%n%n",
                    questions.size(),
                    setName,
                    poolSize,
                    seed,
                    reranker ? "on" : "off",
                    seconds(start));
            if (showFailures) SelectBench.printFailures(report, System.out);
            SelectBench.print(report, System.out);
        }
    }

    static List<ExamQuestion> questions(Path examSet) throws Exception {
        Path set = examSet != null ? examSet : Home.resolve().resolve("exam-sets/erp/erp.jsonl");
        return ExamSetFiles.read(set, null).questions();
    }

    /** The databases an exam set asks about, opened for the benchmarks of the evaluation stage. */
    record Databases(Map<String, BenchDatabase> byName) implements AutoCloseable {
        static Databases open(Settings settings, List<ExamQuestion> questions) throws Exception {
            JdbcUrlTemplate admin = CommonOptions.admin(settings);
            ReaderAccess reader =
                    Preflight.reader(
                            settings,
                            admin,
                            ServerProbe.of(
                                    admin, questions.stream().map(ExamQuestion::db).toList()));
            Tolerance tolerance = Tolerance.from(settings);
            Map<String, BenchDatabase> out = new LinkedHashMap<>();
            for (String db : new TreeSet<>(questions.stream().map(ExamQuestion::db).toList())) {
                out.put(
                        db,
                        new BenchDatabase(
                                admin,
                                reader,
                                db,
                                settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                                settings.get(SqlExamOptions.MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS),
                                settings.get(SqlExamOptions.ROW_CAP),
                                tolerance));
            }
            return new Databases(out);
        }

        @Override
        public void close() {
            byName.values().forEach(BenchDatabase::close);
        }
    }
}
