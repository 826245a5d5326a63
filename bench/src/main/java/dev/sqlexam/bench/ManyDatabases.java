package dev.sqlexam.bench;

import dev.sqlexam.bench.ThroughputReport.Row;
import dev.sqlexam.bench.ThroughputReport.Verdict;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.runtime.IndexRun;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.predictions.Prediction;
import dev.sqlexam.predictions.PredictionsFile;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.sqlexam.bench.ThroughputReport.f;

/**
 * The throughput bench's rows over many small databases (copies of demo): the gold self-check end
 * to end from a cold index, indexing them all, and grading many predictions files that answer few
 * of the ids each.
 */
final class ManyDatabases {

    private static final String BENCH_DATABASES = "database_id LIKE 'sqlexam\\_bench\\_%'";

    /** Databases of the grading row. */
    private static final int GRADED_DATABASES = 30;

    private final ThroughputBench bench;
    private final ThroughputReport report;
    private final BenchWorkloads workloads;

    ManyDatabases(ThroughputBench bench, ThroughputReport report, BenchWorkloads workloads) {
        this.bench = bench;
        this.report = report;
        this.workloads = workloads;
    }

    void run(int databases, int files, double startup) throws Exception {
        bench.progress(databases + " small databases (copies of demo, made once)");
        List<String> dbs = workloads.smallDatabases("demo", databases);
        List<ExamQuestion> demo = demoQuestions();
        Settings settings = bench.settings(Map.of());
        StateDatabase state = StateDatabase.from(settings);

        forgetIndex(state);
        Path selfCheckSet = workloads.examSet("self-check", demo, dbs, 4);
        ThroughputBench.Run selfCheck =
                bench.exam(
                        f("gold self-check over %d databases, index cold", databases),
                        selfCheckSet,
                        Map.of("generator", "gold"));
        report.row(
                new Row(
                        f("gold self-check, %d dbs × 4 q, end to end", databases),
                        f("%.1f s (job %.1f s)", selfCheck.wallSeconds(), selfCheck.jobSeconds()),
                        f("start-up %.1f s", startup),
                        "",
                        "≤ 60 s end to end",
                        ThroughputReport.atMost(selfCheck.wallSeconds(), 60),
                        f(
                                "%d records, %.0f q/s in the job",
                                selfCheck.items(), selfCheck.perSecond())));

        forgetIndex(state);
        bench.progress("indexing " + databases + " databases");
        long start = System.nanoTime();
        new IndexRun(
                        bench.admin(),
                        state,
                        bench.embeddings(),
                        Home.migrations(),
                        new PrintStream(OutputStream.nullOutputStream()))
                .ensure(dbs, settings.get(SqlExamOptions.PARALLELISM), "not indexed");
        double indexSeconds = BenchFloors.seconds(start);
        List<String> texts = entityTexts(state);
        double bare = BenchFloors.bareEmbeddingSeconds(bench.embeddings(), texts);
        double rate = texts.size() / indexSeconds;
        report.row(
                new Row(
                        f("indexing %d small databases", databases),
                        f("%.0f entities/s (%.1f s)", rate, indexSeconds),
                        f("%.0f texts/s bare", texts.size() / bare),
                        f("%.2f", rate / (texts.size() / bare)),
                        "",
                        Verdict.NONE,
                        f(
                                "%d entities, %d distinct texts",
                                texts.size(), texts.stream().distinct().count())));

        grading(dbs.subList(0, Math.min(GRADED_DATABASES, dbs.size())), demo, files, settings);
    }

    /** The grading row alone, over the first 30 small databases (made if absent). */
    void grading(int files) throws Exception {
        List<String> dbs = workloads.smallDatabases("demo", GRADED_DATABASES);
        List<ExamQuestion> demo = demoQuestions();
        grading(dbs, demo, files, bench.settings(Map.of()));
    }

    private List<ExamQuestion> demoQuestions() {
        return bench.questions(Home.resolve().resolve("exam-sets/demo/demo.jsonl"));
    }

    private void grading(List<String> dbs, List<ExamQuestion> demo, int files, Settings settings)
            throws Exception {
        Path set = workloads.examSet("grade", demo, dbs, 39);
        List<ExamQuestion> questions = bench.questions(set);
        List<Path> predictions = workloads.predictionsFiles(questions, files, 125, 7);
        long sessionsBefore = sessions(settings);
        ThroughputBench.Run job;
        CpuSampler.Load load;
        String threadCpu;
        try (CpuSampler cpu = new CpuSampler(250);
                ThreadCpu threads = new ThreadCpu(50)) {
            job = bench.grade(f("grading %d files", files), set, predictions, null);
            load = cpu.load();
            threadCpu = threads.describe(6);
        }
        long opened = sessions(settings) - sessionsBefore;
        bench.progress("the same predictions graded serially, both queries run for each");
        int graded = 0;
        long start = System.nanoTime();
        try (BenchDatabases open = BenchDatabases.open(settings, questions)) {
            Map<String, ExamQuestion> byId = new HashMap<>();
            questions.forEach(q -> byId.put(q.id(), q));
            start = System.nanoTime();
            for (Path file : predictions) {
                for (Prediction p : PredictionsFile.read(file, questions).byId().values()) {
                    ExamQuestion q = byId.get(p.questionId());
                    BenchDatabase db = open.byName().get(q.db());
                    db.grade(q, p.sql(), false);
                    graded++;
                }
            }
        }
        double serial = BenchFloors.seconds(start);
        report.row(
                new Row(
                        f("grading %d files, %d dbs × 39 q (%d real)", files, dbs.size(), graded),
                        f("%.1f s job (%.0f records/s)", job.jobSeconds(), job.perSecond()),
                        f("%.1f s serial, both run", serial),
                        f("%.2f", serial / job.jobSeconds()),
                        "< serial",
                        ThroughputReport.atMost(job.jobSeconds(), serial),
                        f(
                                "%d records (%d missing), each written to the exam log, the answered ones upserted into exam.results, the missing ones listed per file in exam.missing; %d connections opened to the %d "
                                        + "databases during the run (pre-flight included), each a fork and a login on the server; cores %.0f%% busy "
                                        + "(this process %.0f%%; its Java threads' CPU over the whole command, set-up, job and summary: %s); %.1f s end to end",
                                job.items(),
                                job.items() - graded,
                                opened,
                                dbs.size(),
                                load.machine() * 100,
                                load.process() * 100,
                                threadCpu,
                                job.wallSeconds())));
    }

    /**
     * Sessions ever opened to the bench's databases (pg_stat_database, PostgreSQL 14 and later; -1
     * where unknown).
     */
    private static long sessions(Settings settings) {
        try (Connection c =
                        DriverManager.getConnection(
                                new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL))
                                        .forDatabase("postgres"));
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT coalesce(sum(sessions), 0) FROM pg_stat_database WHERE datname LIKE 'sqlexam\\_bench\\_%'")) {
            rs.next();
            return rs.getLong(1);
        } catch (Exception e) {
            // an unreadable figure prints as unknown (-1)
            return -1;
        }
    }

    private static void forgetIndex(StateDatabase state) throws Exception {
        try (Connection c = DriverManager.getConnection(state.url());
                Statement s = c.createStatement()) {
            for (String table :
                    List.of("embeddings", "module_embeddings", "fk_edges", "index_runs")) {
                s.execute("DELETE FROM rag." + table + " WHERE " + BENCH_DATABASES);
            }
        }
    }

    private static List<String> entityTexts(StateDatabase state) throws Exception {
        List<String> texts = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(state.url());
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT stable_embed_text FROM rag.embeddings WHERE "
                                        + BENCH_DATABASES)) {
            while (rs.next()) texts.add(rs.getString(1));
        }
        return texts;
    }
}
