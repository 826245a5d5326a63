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
import dev.sqlexam.report.ConsoleReport;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.json.Json;
import dev.sqlexam.report.SummaryAccumulator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * One run from the client's side, exam or grade alike: migrate, the pre-flight check, start the job, show progress,
 * then merge the exam log, write summary.json and the exam.runs/metrics rows. What the run grades comes from its
 * {@link Planner}: {@link ExamRun} (the pipeline's candidates) or {@link GradeRun} (predictions files).
 */
final class RunDriver {

    /** What the server and the pre-flight check said, for the planner. */
    record Setup(JdbcUrlTemplate admin, String resultsDb, Set<String> databases) {}

    /**
     * What a run grades and how: who wrote the SQL, the variants and repetitions, the generators (or the predictions
     * attached instead), execution rules, the async time limit, and input lines the planner itself could not use.
     */
    record Plan(String generatorName, String generatorReason, boolean selfCheck, List<String> variants, int repetitions,
            Generators generators, int dimensions, dev.sqlexam.flink.AttachPredictions predictions, boolean passAtK,
            int executionFallbacks, dev.sqlexam.grading.AdaptiveTimeout adaptiveTimeout, long asyncTimeoutMs, List<String> rejectedJson) {}

    /** Plans a run once the server is known and checked. */
    @FunctionalInterface
    interface Planner {
        Plan plan(Setup setup) throws Exception;
    }

    private final Settings settings;
    private final Path examSet;
    private final Path outRoot;
    private final String runId;
    private final PrintStream out;

    RunDriver(Settings settings, Path examSet, Path outRoot, String runId, PrintStream out) {
        this.settings = settings;
        this.examSet = examSet;
        this.outRoot = outRoot;
        this.runId = runId != null ? runId : newRunId();
        this.out = out;
    }

    static String newRunId() {
        return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
    }

    RunResult run(StreamExecutionEnvironment env, Planner planner) throws Exception {
        if (!Files.isRegularFile(examSet)) throw new IllegalArgumentException("exam set not found: " + examSet);
        JdbcUrlTemplate admin = new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
        String resultsDb = settings.get(SqlExamOptions.RESULTS_DB);
        Set<String> named = ExamSetFiles.databasesIn(examSet);
        for (Migrations.Report r : Migrations.migrate(admin, Home.resolve().resolve("migrations"), named::contains)) {
            if (r.note() != null) out.println("[sqlexam] migrations " + r.database() + ": " + r.note());
            else if (r.applied() > 0) out.println("[sqlexam] migrations " + r.database() + ": applied " + r.applied() + ", now at version " + r.version());
        }
        Set<String> databases = admin.perDatabase() ? Preflight.listDatabases(admin.forDatabase(resultsDb)) : null;
        Preflight.Result preflight = Preflight.run(settings, admin, resultsDb, examSet, databases, out);
        ReaderAccess reader = preflight.reader();
        ConnectionPolicy connections = preflight.connections();
        Plan plan = planner.plan(new Setup(admin, resultsDb, databases));
        long questions = countLines(examSet);

        Path outDir = outRoot.resolve(runId);
        Path parts = outDir.resolve(".parts");
        RunOutputs.deleteTree(parts);
        Files.createDirectories(outDir);
        Preflight.writeGrants(preflight.access(), outDir.resolve("grants.sql"));
        String resultsUrl = admin.forDatabase(resultsDb);
        RunCatalog catalog = new RunCatalog(resultsUrl);
        catalog.start(runId, examSet.toString(), plan.generatorName(), plan.selfCheck(), settings.changed());

        int parallelism = settings.get(SqlExamOptions.PARALLELISM);
        int capacity = settings.get(SqlExamOptions.ASYNC_CAPACITY);
        ExecutionSpec execution = new ExecutionSpec(reader, settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS),
                settings.get(SqlExamOptions.ROW_CAP), new Tolerance(settings.get(SqlExamOptions.TOLERANCE_RELATIVE),
                        settings.get(SqlExamOptions.TOLERANCE_ABSOLUTE)), capacity, plan.passAtK(), plan.executionFallbacks(),
                plan.adaptiveTimeout(), connections);
        var providers = new dev.sqlexam.embedding.EmbeddingProviders(settings.get(SqlExamOptions.EMBEDDING_PROVIDER),
                settings.get(SqlExamOptions.OLLAMA_URL), settings.get(SqlExamOptions.OLLAMA_EMBED_MODEL));
        ExamJob.Spec spec = new ExamJob.Spec(runId, new ExamLineParser(examSet.toString(), databases),
                plan.variants(), plan.repetitions(), plan.generators(), execution,
                new dev.sqlexam.flink.EvaluationSpec(reader, capacity, dev.sqlexam.evaluation.CandidateEvaluator.Settings.from(settings),
                        dev.sqlexam.repair.RepairLoop.Settings.from(settings), plan.generators(), connections),
                new dev.sqlexam.flink.RetrievalSpec(admin, resultsDb, providers, plan.dimensions(),
                        dev.sqlexam.retrieval.RetrievalConfig.from(settings), Home.resolve().resolve("migrations").toString(), capacity, connections),
                new ExamJob.PlannerSpec(settings.get(SqlExamOptions.JOIN_PLANNER_ENABLED), dev.sqlexam.prompt.JoinPlanner.Options.from(settings),
                        settings.get(SqlExamOptions.FK_SUBGRAPH_CACHE_ENABLED), settings.get(SqlExamOptions.FK_SUBGRAPH_TTL_MS)),
                settings.get(SqlExamOptions.PRE_SQL_ENABLED), parallelism, capacity, plan.asyncTimeoutMs(), plan.predictions());

        configure(env, parallelism);
        out.printf("[sqlexam] run %s: %d line(s) × %d run(s), generator %s%s, parallelism %d%n", runId, questions,
                plan.repetitions(), plan.generatorName(), plan.selfCheck() ? " (self-check)" : "", parallelism);
        long start = System.nanoTime();
        ExamJob.Running running = new ExamJob(ExamIo.Lines.file(examSet.toAbsolutePath().toUri().toString()),
                ExamIo.Sinks.of(parts.toAbsolutePath().toUri().toString(), resultsUrl), spec).start(env);
        SummaryAccumulator accumulator;
        JobExecutionResult result;
        try (ProgressReporter progress = new ProgressReporter(running.client(), questions * plan.repetitions() * plan.variants().size(), out)) {
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
        long rejected = (rejectedCounter == null ? 0 : rejectedCounter) + plan.rejectedJson().size();

        long logLines = RunOutputs.merge(parts.resolve("exam-log"), outDir.resolve("exam_log.jsonl"), RunOutputs.BY_RUN_AND_LINE);
        long rejectedLines = RunOutputs.merge(parts.resolve("rejected"), outDir.resolve("rejected.jsonl"), RunOutputs.BY_LINE);
        if (!plan.rejectedJson().isEmpty()) {
            Files.write(outDir.resolve("rejected.jsonl"), plan.rejectedJson(), StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            rejectedLines += plan.rejectedJson().size();
        }
        RunOutputs.deleteTree(parts);

        ExamSummary summary = ExamSummary.of(accumulator,
                new ExamSummary.Context(runId, examSet.toString(), plan.generatorName(), plan.generatorReason(), plan.selfCheck(), rejected,
                        seconds, counter(result, dev.sqlexam.flink.PlanJoins.HITS), counter(result, dev.sqlexam.flink.PlanJoins.MISSES)));
        Files.writeString(outDir.resolve("summary.json"), Json.pretty(summary) + "\n", StandardCharsets.UTF_8);
        catalog.finish(summary, "finished");
        out.println(ConsoleReport.render(summary));
        out.println("exam log   " + outDir.resolve("exam_log.jsonl") + " (" + logLines + " records)");
        if (rejectedLines > 0) out.println("rejected   " + outDir.resolve("rejected.jsonl") + " (" + rejectedLines + " lines)");
        out.println("summary    " + outDir.resolve("summary.json") + "; rows in " + resultsDb + ".exam.results (run_id '" + runId + "')");
        return new RunResult(runId, outDir, summary, logLines, rejectedLines);
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
