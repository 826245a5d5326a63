package dev.sqlexam.bench;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.exam.ExamRun;
import dev.sqlexam.jobs.exam.GradeRun;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.predictions.PredictionsFile;
import dev.sqlexam.report.Quantiles;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The throughput bench's runs, each a real command on the MiniCluster in this JVM: the exam with
 * the baseline and the gold generators, the gold self-check over many small databases end to end,
 * indexing them, grading many predictions files, the watch graph, the async operator against a
 * loopback model with a fixed latency, and a large exam set's memory. {@link ThroughputReport} sets
 * each beside its floor and target.
 */
final class ThroughputBench {

    /**
     * One run: what it did, how many items, its job seconds and its seconds end to end (client
     * included).
     */
    public record Run(
            String label, long items, double jobSeconds, double wallSeconds, RunResult result) {
        public double perSecond() {
            return items / jobSeconds;
        }
    }

    private final Function<Map<String, String>, Settings> settings;
    private final Path home;
    private final Path work;
    private final PrintStream progress;
    private final PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());

    /** {@code settings}: the command's settings with the overrides given. */
    public ThroughputBench(
            Function<Map<String, String>, Settings> settings,
            Path home,
            Path work,
            PrintStream progress) {
        this.settings = settings;
        this.home = home;
        this.work = work;
        this.progress = progress;
    }

    public Settings settings(Map<String, String> overrides) {
        return settings.apply(overrides);
    }

    /** The server URL template of the command's settings. */
    JdbcUrlTemplate admin() {
        return new JdbcUrlTemplate(settings(Map.of()).get(SqlExamOptions.JDBC_URL));
    }

    /**
     * The command's servers as a user names them on a command line: a command the bench runs
     * through the script works where the bench's own runs do.
     */
    List<String> serverArguments() {
        Settings settings = settings(Map.of());
        List<String> args =
                new ArrayList<>(List.of("--jdbc-url", settings.get(SqlExamOptions.JDBC_URL)));
        String state = settings.get(SqlExamOptions.STATE_URL);
        if (state != null && !state.isBlank()) args.addAll(List.of("--state-url", state));
        return args;
    }

    /** Says on the progress stream which run or step of the bench begins. */
    void progress(String step) {
        progress.println("[sqlexam] bench throughput: " + step + " …");
    }

    public Path erpSet() {
        return home.resolve("exam-sets/erp/erp.jsonl");
    }

    public List<ExamQuestion> questions(Path set) {
        return ExamSetFiles.read(set, null).questions();
    }

    /** An exam of {@code set} with {@code overrides}; items = records logged. */
    public Run exam(String label, Path set, Map<String, String> overrides) throws Exception {
        progress(label);
        long start = System.nanoTime();
        RunResult r =
                new ExamRun(settings(overrides), set, work.resolve("runs"), null, quiet)
                        .run(FlinkTarget.local());
        return new Run(
                label, r.logLines(), r.summary().durationSeconds(), BenchFloors.seconds(start), r);
    }

    /**
     * A grade of {@code files} against {@code set}; items = records logged (a file's missing ids
     * included).
     */
    public Run grade(String label, Path set, List<Path> files, String runId) throws Exception {
        return grade(label, set, files, runId, Map.of());
    }

    /**
     * As {@link #grade(String, Path, List, String)} with {@code overrides} (a test suite size, …).
     */
    public Run grade(
            String label, Path set, List<Path> files, String runId, Map<String, String> overrides)
            throws Exception {
        progress(label);
        List<PredictionsFile.Loaded> loaded = load(set, files);
        long start = System.nanoTime();
        RunResult r =
                new GradeRun(settings(overrides), set, loaded, work.resolve("runs"), runId, quiet)
                        .run(FlinkTarget.local());
        return new Run(
                label, r.logLines(), r.summary().durationSeconds(), BenchFloors.seconds(start), r);
    }

    /**
     * The predictions files read against the exam set, which is not kept: the memory row measures
     * the job's heap, not the bench's.
     */
    private List<PredictionsFile.Loaded> load(Path set, List<Path> files) {
        List<ExamQuestion> questions = questions(set);
        return files.stream().map(f -> PredictionsFile.read(f, questions)).toList();
    }

    /** Per-stage p50/p95 wall ms of {@code stage} in a run's exam log (its trace). */
    public static double[] stagePercentiles(RunResult r, String stage) throws Exception {
        List<Long> ms = new ArrayList<>();
        for (String line : Files.readAllLines(r.outDir().resolve("exam_log.jsonl"))) {
            for (var t : Json.MAPPER.readTree(line).path("trace")) {
                if (stage.equals(t.path("stage").asText())) ms.add(t.path("duration_ms").asLong());
            }
        }
        if (ms.isEmpty()) return new double[] {Double.NaN, Double.NaN};
        return new double[] {Quantiles.nearestRank(ms, 0.5), Quantiles.nearestRank(ms, 0.95)};
    }

    /** The questions whose vector an earlier run kept (question_vector_cache), from the trace. */
    public static long keptVectors(RunResult r) throws Exception {
        long kept = 0;
        for (String line : Files.readAllLines(r.outDir().resolve("exam_log.jsonl"))) {
            for (var t : Json.MAPPER.readTree(line).path("trace")) {
                if ("embed".equals(t.path("stage").asText())
                        && t.path("detail").asText().endsWith(" (kept)")) kept++;
            }
        }
        return kept;
    }

    /** The embedding provider of the command's settings. */
    public EmbeddingProviders embeddings() {
        return EmbeddingProviders.from(settings(Map.of()));
    }
}
