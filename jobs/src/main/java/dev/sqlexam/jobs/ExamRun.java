package dev.sqlexam.jobs;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.examset.ExamLineParser;
import dev.sqlexam.flink.ExecutionSpec;
import dev.sqlexam.flink.ParseExamLines;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.report.ConsoleReport;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.json.Json;
import dev.sqlexam.report.SummaryAccumulator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * One exam run from the client's side: migrate, find the read-only access, start the job, show
 * progress, then merge the exam log, write summary.json and the exam.runs/metrics rows.
 */
public final class ExamRun {

    /** Where a run's outputs went, and its summary. */
    public record Result(String runId, Path outDir, ExamSummary summary, long logLines, long rejectedLines) {}

    private final Settings settings;
    private final Path examSet;
    private final Path outRoot;
    private final String runId;
    private final PrintStream out;
    private List<dev.sqlexam.predictions.PredictionsFile.Loaded> predictions;

    /** Grade these predictions files instead of generating: one variant per file, no retrieval, generation or evaluation. */
    public ExamRun withPredictions(List<dev.sqlexam.predictions.PredictionsFile.Loaded> files) {
        this.predictions = List.copyOf(files);
        return this;
    }

    public ExamRun(Settings settings, Path examSet, Path outRoot, String runId, PrintStream out) {
        this.settings = settings;
        this.examSet = examSet;
        this.outRoot = outRoot;
        this.runId = runId != null ? runId : newRunId();
        this.out = out;
    }

    public static String newRunId() {
        return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
    }

    public Result run(StreamExecutionEnvironment env) throws Exception {
        if (!Files.isRegularFile(examSet)) throw new IllegalArgumentException("exam set not found: " + examSet);
        JdbcUrlTemplate admin = new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
        String resultsDb = settings.get(SqlExamOptions.RESULTS_DB);
        for (Migrations.Report r : Migrations.migrateAll(admin, Home.resolve().resolve("migrations"))) {
            if (r.note() != null) out.println("[sqlexam] migrations " + r.database() + ": " + r.note());
            else if (r.applied() > 0) out.println("[sqlexam] migrations " + r.database() + ": applied " + r.applied() + ", now at version " + r.version());
        }
        boolean grading = predictions != null;
        Generators generators = grading ? Generators.from(settings) : dev.sqlexam.llm.GeneratorSelection.resolve(Generators.from(settings));
        if (!grading) dev.sqlexam.llm.GeneratorSelection.requireReachable(generators);
        Set<String> databases = admin.perDatabase() ? listDatabases(admin.forDatabase(resultsDb)) : null;
        Preflight.Result preflight = Preflight.run(settings, admin, resultsDb, examSet, databases, out);
        ReaderAccess reader = preflight.reader();
        ConnectionPolicy connections = preflight.connections();

        var providers = new dev.sqlexam.embedding.EmbeddingProviders(settings.get(SqlExamOptions.EMBEDDING_PROVIDER),
                settings.get(SqlExamOptions.OLLAMA_URL), settings.get(SqlExamOptions.OLLAMA_EMBED_MODEL));
        int dimensions = grading ? 0 : indexDatabases(admin, resultsDb, providers, databases);

        String generatorName = grading ? "predictions" : generators.name();
        boolean selfCheck = false;
        if (grading) {
            out.println("[sqlexam] grading " + predictions.size() + " predictions file(s): " + String.join(", ",
                    predictions.stream().map(p -> p.label() + " (" + p.format().name().toLowerCase() + ", " + p.byId().size() + " predictions)").toList()));
        } else {
            out.println("[sqlexam] generator " + generators.name() + " (" + generators.reason() + ")");
            try (SqlGenerator generator = generators.create()) {
                selfCheck = generator.selfCheck();
            }
        }
        int repetitions = grading ? 1 : settings.get(SqlExamOptions.RUNS);
        List<String> variants = grading ? predictions.stream().map(dev.sqlexam.predictions.PredictionsFile.Loaded::label).toList()
                : List.of("default");
        long questions = countLines(examSet);

        Path outDir = outRoot.resolve(runId);
        Path parts = outDir.resolve(".parts");
        RunOutputs.deleteTree(parts);
        Files.createDirectories(outDir);
        Preflight.writeGrants(preflight.access(), outDir.resolve("grants.sql"));
        String resultsUrl = admin.forDatabase(resultsDb);
        RunCatalog catalog = new RunCatalog(resultsUrl);
        catalog.start(runId, examSet.toString(), generatorName, selfCheck, settings.changed());

        int parallelism = settings.get(SqlExamOptions.PARALLELISM);
        int capacity = settings.get(SqlExamOptions.ASYNC_CAPACITY);
        ExecutionSpec execution = new ExecutionSpec(reader, settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                settings.get(SqlExamOptions.ROW_CAP), new Tolerance(settings.get(SqlExamOptions.TOLERANCE_RELATIVE),
                        settings.get(SqlExamOptions.TOLERANCE_ABSOLUTE)), capacity, !grading && settings.get(SqlExamOptions.PASS_AT_K),
                grading ? 0 : settings.get(SqlExamOptions.EXECUTION_FALLBACKS),
                grading ? new dev.sqlexam.grading.AdaptiveTimeout(settings.get(SqlExamOptions.GRADE_TIMEOUT_BASE_MS),
                        settings.get(SqlExamOptions.GRADE_TIMEOUT_GOLD_FACTOR)) : null, connections);
        ExamJob.Spec spec = new ExamJob.Spec(runId, new ExamLineParser(examSet.toString(), databases),
                variants, repetitions, generators, execution,
                new dev.sqlexam.flink.EvaluationSpec(reader, capacity, dev.sqlexam.evaluation.CandidateEvaluator.Settings.from(settings),
                        dev.sqlexam.repair.RepairLoop.Settings.from(settings), generators, connections),
                new dev.sqlexam.flink.RetrievalSpec(admin, resultsDb, providers, dimensions,
                        dev.sqlexam.retrieval.RetrievalConfig.from(settings), Home.resolve().resolve("migrations").toString(), capacity, connections),
                new ExamJob.PlannerSpec(settings.get(SqlExamOptions.JOIN_PLANNER_ENABLED), dev.sqlexam.prompt.JoinPlanner.Options.from(settings), settings.get(SqlExamOptions.FK_SUBGRAPH_CACHE_ENABLED),
                        settings.get(SqlExamOptions.FK_SUBGRAPH_TTL_MS)),
                settings.get(SqlExamOptions.PRE_SQL_ENABLED),
                parallelism, capacity,
                grading ? Math.max(settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS), 600_000L) : settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS),
                grading ? attach(predictions) : null);

        configure(env, parallelism);
        out.printf("[sqlexam] run %s: %d line(s) × %d run(s), generator %s%s, parallelism %d%n", runId, questions,
                repetitions, generatorName, selfCheck ? " (self-check)" : "", parallelism);
        long start = System.nanoTime();
        ExamJob.Running running = new ExamJob(ExamIo.Lines.file(examSet.toAbsolutePath().toUri().toString()),
                ExamIo.Sinks.of(parts.toAbsolutePath().toUri().toString(), resultsUrl), spec).start(env);
        SummaryAccumulator accumulator;
        JobExecutionResult result;
        try (ProgressReporter progress = new ProgressReporter(running.client(), questions * repetitions * variants.size(), out)) {
            accumulator = running.summary().hasNext() ? running.summary().next() : new SummaryAccumulator();
            result = running.client().getJobExecutionResult().get();
            progress.finish(accumulator.records());
        } catch (Exception e) {
            catalog.finish(null, "failed");
            throw new IllegalStateException("the exam job failed: " + rootMessage(e), e);
        } finally {
            running.summary().close();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Long rejectedCounter = result.getAccumulatorResult(ParseExamLines.REJECTED_COUNTER);
        long rejected = rejectedCounter == null ? 0 : rejectedCounter;

        long logLines = RunOutputs.merge(parts.resolve("exam-log"), outDir.resolve("exam_log.jsonl"), RunOutputs.BY_RUN_AND_LINE);
        long rejectedLines = RunOutputs.merge(parts.resolve("rejected"), outDir.resolve("rejected.jsonl"), RunOutputs.BY_LINE);
        if (grading) {
            long unused = appendRejectedPredictions(outDir.resolve("rejected.jsonl"));
            rejectedLines += unused;
            rejected += unused;
        }
        RunOutputs.deleteTree(parts);

        ExamSummary summary = ExamSummary.of(accumulator,
                new ExamSummary.Context(runId, examSet.toString(), generatorName, grading ? "predictions files, run as submitted" : generators.reason(), selfCheck, rejected, seconds,
                        counter(result, dev.sqlexam.flink.PlanJoins.HITS), counter(result, dev.sqlexam.flink.PlanJoins.MISSES)));
        Files.writeString(outDir.resolve("summary.json"), Json.pretty(summary) + "\n", StandardCharsets.UTF_8);
        catalog.finish(summary, "finished");
        out.println(ConsoleReport.render(summary));
        out.println("exam log   " + outDir.resolve("exam_log.jsonl") + " (" + logLines + " records)");
        if (rejectedLines > 0) out.println("rejected   " + outDir.resolve("rejected.jsonl") + " (" + rejectedLines + " lines)");
        out.println("summary    " + outDir.resolve("summary.json") + "; rows in " + resultsDb + ".exam.results (run_id '" + runId + "')");
        return new Result(runId, outDir, summary, logLines, rejectedLines);
    }

    private static dev.sqlexam.flink.AttachPredictions attach(List<dev.sqlexam.predictions.PredictionsFile.Loaded> files) {
        java.util.Map<String, java.util.Map<String, dev.sqlexam.predictions.Prediction>> byVariant = new java.util.LinkedHashMap<>();
        java.util.Map<String, String> sources = new java.util.LinkedHashMap<>();
        for (var f : files) {
            byVariant.put(f.label(), f.byId());
            sources.put(f.label(), f.file().getFileName().toString());
        }
        return new dev.sqlexam.flink.AttachPredictions(byVariant, sources);
    }

    /** Predictions that could not be used (unknown ids, duplicates, broken lines) join the job's rejected lines. */
    private long appendRejectedPredictions(Path rejectedFile) throws IOException {
        List<String> lines = new java.util.ArrayList<>();
        for (var f : predictions) {
            for (var r : f.rejected()) lines.add(Json.MAPPER.writeValueAsString(r));
        }
        if (!lines.isEmpty()) {
            Files.write(rejectedFile, lines, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        }
        return lines.size();
    }

    /** Indexes every database the exam set asks about (a no-op when the index is fresh); returns the vector size. */
    private int indexDatabases(JdbcUrlTemplate admin, String controlDb, dev.sqlexam.embedding.EmbeddingProviders providers,
            Set<String> serverDatabases) throws Exception {
        IndexRun index = new IndexRun(admin, controlDb, providers, Home.resolve().resolve("migrations"), out);
        for (String db : databasesIn(examSet)) {
            if (serverDatabases != null && !serverDatabases.contains(db)) continue;
            try {
                IndexRun.Result r = index.run(db, false, StreamExecutionEnvironment::getExecutionEnvironment,
                        settings.get(SqlExamOptions.PARALLELISM));
                if (!r.wasFresh()) {
                    out.printf("[sqlexam] index %s: %d tables, %d columns, %d embedded, %d unchanged (%.1f s)%n", db, r.tables(),
                            r.columns(), r.embedded(), r.skipped(), r.seconds());
                }
            } catch (Exception e) {
                out.println("[sqlexam] warning: cannot index " + db + " (" + e.getMessage() + "); its questions run without retrieval");
            }
        }
        try (var provider = providers.create()) {
            return provider.dimensions();
        }
    }

    /** The distinct db values of an exam set; unreadable lines are the parser's business, not this scan's. */
    static Set<String> databasesIn(Path examSet) throws IOException {
        Set<String> dbs = new TreeSet<>();
        try (Stream<String> lines = Files.lines(examSet, StandardCharsets.UTF_8)) {
            lines.forEach(line -> {
                try {
                    var node = Json.MAPPER.readTree(line);
                    if (node != null && node.path("db").isTextual() && JdbcUrlTemplate.isSafeDatabaseName(node.path("db").asText())) {
                        dbs.add(node.path("db").asText());
                    }
                } catch (IOException | RuntimeException ignored) {
                    // rejected later, with its line number, by the parse operator
                }
            });
        }
        return dbs;
    }

    private static long counter(JobExecutionResult result, String name) {
        Long value = result.getAccumulatorResult(name);
        return value == null ? 0 : value;
    }

    private void configure(StreamExecutionEnvironment env, int parallelism) {
        env.setParallelism(parallelism);
        env.enableCheckpointing(settings.get(SqlExamOptions.CHECKPOINT_INTERVAL_MS));
        env.getConfig().enableObjectReuse();
        Configuration restart = new Configuration();
        restart.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        restart.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 2);
        env.configure(restart);
    }

    /** The databases of the server a connection URL points at. */
    public static Set<String> listDatabases(String url) throws SQLException {
        Set<String> names = new TreeSet<>();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT datname FROM pg_database WHERE datallowconn AND NOT datistemplate")) {
            while (rs.next()) names.add(rs.getString(1));
        }
        return names;
    }

    private static long countLines(Path file) throws IOException {
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.filter(l -> !l.isBlank()).count();
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) t = t.getCause();
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
