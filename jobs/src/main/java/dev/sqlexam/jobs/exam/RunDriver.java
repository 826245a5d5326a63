package dev.sqlexam.jobs.exam;

import dev.sqlexam.jobs.assembly.PipelineAssembly;
import dev.sqlexam.jobs.graph.ExamIo;
import dev.sqlexam.jobs.graph.ExamJob;
import dev.sqlexam.jobs.report.RunReport;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Preflight;
import dev.sqlexam.jobs.run.RunCatalog;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.ClientJob;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.jobs.runtime.ProgressReporter;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.examset.ExamLineParser;
import dev.sqlexam.pipeline.PredictionsStep;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.flink.ParseExamLines;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.flink.PlanJoins;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;
import dev.sqlexam.grading.AdaptiveTimeout;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.report.SummaryAccumulator;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * One run from the client's side, exam or grade alike: migrate, the pre-flight check, start the job, show progress,
 * then merge the exam log, write summary.json and the exam.runs/metrics rows. What the run grades comes from its
 * {@link Planner}: {@link ExamRun} (the pipeline's candidates) or {@link GradeRun} (predictions files). A resumed run
 * first takes back what its killed predecessor logged and asks only the rest.
 */
final class RunDriver {

    /** What the server and the pre-flight check said, for the planner. */
    record Setup(JdbcUrlTemplate admin, String resultsDb, Set<String> databases) {}

    /**
     * What a run grades and how: who wrote the SQL, the variants and repetitions, the vector size of each embedding
     * model, the predictions attached instead of the pipeline's stages (grade), execution rules, the async time limit,
     * and input lines the planner itself could not use.
     */
    record Plan(String generatorName, String generatorReason, boolean selfCheck, List<PipelineAssembly.Variant> variants, int repetitions,
            Map<String, Integer> dimensions, PredictionsStep predictions, AdaptiveTimeout adaptiveTimeout, long asyncTimeoutMs,
            List<String> rejectedJson) {}

    /** Plans a run once the server is known and checked; {@code assembly} resolves its variants and indexes their databases. */
    @FunctionalInterface
    interface Planner {
        Plan plan(Setup setup, PipelineAssembly assembly) throws Exception;
    }

    private final Settings settings;
    private final Path examSet;
    private final Path outRoot;
    private final String runId;
    private final PrintStream out;
    private final boolean resume;
    private final PipelineAssembly assembly;

    /** A grade run: predictions files graded as they are. */
    RunDriver(Settings settings, Path examSet, Path outRoot, String runId, PrintStream out) {
        this(settings, examSet, outRoot, runId, out, false, PipelineAssembly.Mode.GRADE);
    }

    RunDriver(Settings settings, Path examSet, Path outRoot, String runId, PrintStream out, boolean resume, PipelineAssembly.Mode mode) {
        this.settings = settings;
        this.assembly = PipelineAssembly.of(settings, mode, out);
        this.examSet = examSet;
        this.outRoot = outRoot;
        this.runId = runId != null ? runId : newRunId();
        this.out = out;
        this.resume = resume;
    }

    static String newRunId() {
        return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
    }

    RunResult run(StreamExecutionEnvironment env, Planner planner) throws Exception {
        if (!Files.isRegularFile(examSet)) throw new IllegalArgumentException("exam set not found: " + examSet);
        JdbcUrlTemplate admin = assembly.admin();
        String resultsDb = assembly.control();
        Set<String> named = ExamSetFiles.databasesIn(examSet);
        assembly.migrate(named::contains);
        Set<String> databases = admin.perDatabase() ? Preflight.listDatabases(admin.forDatabase(resultsDb)) : null;
        Preflight.Result preflight = Preflight.run(settings, admin, resultsDb, examSet, databases, out);
        Plan plan = planner.plan(new Setup(admin, resultsDb, databases), assembly);
        long questions = ExamSetFiles.countLines(examSet);

        Path outDir = outRoot.resolve(runId);
        Map<String, ExamRecord> earlier = resume ? RunLog.recover(outDir) : Map.of();
        if (resume) {
            RunOutputs.writeLines(outDir.resolve("exam_log.jsonl"), RunLog.lines(earlier.values()));
            out.printf("[sqlexam] resuming run %s: %d record(s) already logged are not asked again%n", runId, earlier.size());
        }
        Path parts = outDir.resolve(".parts");
        RunOutputs.deleteTree(parts);
        Files.createDirectories(outDir);
        Preflight.writeGrants(preflight.access(), outDir.resolve("grants.sql"));
        new RunManifest(runId, examSet.toAbsolutePath().toString(), plan.repetitions(), plan.predictions() != null,
                plan.variants().stream().map(v -> new RunManifest.Variant(v.name(), v.description(), v.options())).toList()).write(outDir);
        String resultsUrl = admin.forDatabase(resultsDb);
        RunCatalog catalog = new RunCatalog(resultsUrl);
        catalog.start(runId, examSet.toString(), plan.generatorName(), plan.selfCheck(), settings.changed());

        int parallelism = settings.get(SqlExamOptions.PARALLELISM);
        int capacity = settings.get(SqlExamOptions.ASYNC_CAPACITY);
        JobShipping shipping = JobShipping.of(env);
        JobResources resources = assembly.resources(shipping, preflight.reader(), preflight.connections(), settings, plan.adaptiveTimeout(),
                plan.dimensions());
        JdbcUrlTemplate workersAdmin = resources.admin();
        boolean grading = plan.predictions() != null;
        Variants<PipelineConfig> configs = configs(plan, resources, shipping);
        SharingPlan sharing = grading ? SharingPlan.unshared(configs.names(), plan.repetitions()) : sharing(plan, RunLog.doneKeys(earlier.values()));
        ExamJob.Spec spec = new ExamJob.Spec(runId, new ExamLineParser(examSet.toString(), databases), sharing, configs, capacity,
                plan.asyncTimeoutMs(), plan.predictions());

        configure(env, parallelism, shipping);
        out.printf("[sqlexam] run %s: %d line(s) × %d variant(s) × %d run(s), generator %s%s, parallelism %d%n", runId, questions,
                configs.names().size(), plan.repetitions(), plan.generatorName(), plan.selfCheck() ? " (self-check)" : "", parallelism);
        long start = System.nanoTime();
        ExamJob.Running running = new ExamJob(shipping.lines(examSet, "exam-set"),
                ExamIo.Sinks.of(parts.toAbsolutePath().toUri().toString(), workersAdmin.forDatabase(resultsDb)), spec).start(env);
        SummaryAccumulator accumulator;
        JobExecutionResult result;
        long expected = questions * plan.repetitions() * configs.names().size() - earlier.size();
        try (ClientJob job = ClientJob.follow(running.client(), null, shipping, out);
                ProgressReporter progress = new ProgressReporter(running.client(), Math.max(0, expected), out)) {
            accumulator = running.summary().hasNext() ? running.summary().next() : new SummaryAccumulator();
            result = job.result();
            progress.finish(accumulator.records());
        } catch (Exception e) {
            catalog.finish(null, "failed");
            throw new IllegalStateException("the exam job failed: " + rootMessage(e), e);
        } finally {
            running.summary().close();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long goldExecutions = accumulator.goldExecutions();
        long graded = accumulator.records();
        accumulator.merge(SummaryAccumulator.of(earlier.values()));
        long badLines = counter(result, ParseExamLines.REJECTED_COUNTER);
        long rejected = badLines + plan.rejectedJson().size();

        if (graded > 0 && !Files.isDirectory(parts.resolve("exam-log"))) {
            catalog.finish(null, "failed");
            throw new IllegalStateException("the job graded " + graded + " record(s) but its exam log parts are not in "
                    + parts + ": the workers wrote them on their own disks; give --out a folder this machine and every TaskManager share");
        }
        RunOutputs.Merged merged = RunOutputs.merge(parts.resolve("exam-log"), earlier.values(), outDir.resolve("exam_log.jsonl"));
        long logLines = merged.lines();
        if (merged.duplicates() > 0) {
            out.printf("[sqlexam] warning: %d committed record(s) repeated a logged question and were dropped from the exam log%n",
                    merged.duplicates());
        }
        long rejectedLines = RunOutputs.mergeRejected(parts.resolve("rejected"), plan.rejectedJson(), outDir.resolve("rejected.jsonl"));
        RunOutputs.deleteTree(parts);

        ExamSummary.Sharing shared = new ExamSummary.Sharing(configs.names().size(), plan.repetitions(), sharing.retrievalGroups(),
                sharing.generationGroups(), goldExecutions, questions - badLines);
        ExamSummary summary = ExamSummary.of(accumulator,
                new ExamSummary.Context(runId, examSet.toString(), plan.generatorName(), plan.generatorReason(), plan.selfCheck(), rejected,
                        seconds, counter(result, PlanJoins.HITS), counter(result, PlanJoins.MISSES), infos(plan), grading ? null : shared));
        catalog.finish(summary, "finished");
        Path report = RunReport.write(outDir, summary, accumulator, RunLog.read(outDir), out);
        out.println("exam log   " + outDir.resolve("exam_log.jsonl") + " (" + logLines + " records)");
        if (rejectedLines > 0) out.println("rejected   " + outDir.resolve("rejected.jsonl") + " (" + rejectedLines + " lines)");
        out.println("summary    " + outDir.resolve("summary.json") + "; rows in " + resultsDb + ".exam.results (run_id '" + runId + "')");
        out.println("report     " + report);
        return new RunResult(runId, outDir, summary, logLines, rejectedLines);
    }

    private Variants<PipelineConfig> configs(Plan plan, JobResources resources, JobShipping shipping) {
        Map<String, PipelineConfig> byName = new LinkedHashMap<>();
        for (PipelineAssembly.Variant v : plan.variants()) {
            if (byName.containsKey(v.name())) throw new IllegalArgumentException("two variants are named '" + v.name() + "'; names must differ");
            byName.put(v.name(), assembly.config(v, resources, shipping));
        }
        return Variants.of(byName);
    }

    /** Variants equal in every retrieval option retrieve once; equal in every generation option (and generator), generate once per run. */
    private static SharingPlan sharing(Plan plan, Set<String> done) {
        Map<String, String> retrieval = new LinkedHashMap<>();
        Map<String, String> generation = new LinkedHashMap<>();
        for (PipelineAssembly.Variant v : plan.variants()) {
            retrieval.put(v.name(), v.settings().fingerprint(Option.Phase.RETRIEVAL));
            generation.put(v.name(), v.settings().fingerprint(Option.Phase.GENERATION) + "generator=" + v.generators().name());
        }
        return new SharingPlan(plan.variants().stream().map(PipelineAssembly.Variant::name).toList(), retrieval, generation, plan.repetitions(), done);
    }

    private static List<ExamSummary.VariantInfo> infos(Plan plan) {
        Settings reference = plan.variants().get(0).settings();
        return plan.variants().stream().map(v -> new ExamSummary.VariantInfo(v.name(), v.description(), v.settings().differencesFrom(reference),
                v.settings().get(SqlExamOptions.COST_PER_1K_PROMPT_TOKENS), v.settings().get(SqlExamOptions.COST_PER_1K_COMPLETION_TOKENS))).toList();
    }

    private static long counter(JobExecutionResult result, String name) {
        Long value = result.getAccumulatorResult(name);
        return value == null ? 0 : value;
    }

    private void configure(StreamExecutionEnvironment env, int parallelism, JobShipping shipping) {
        env.setParallelism(parallelism);
        env.enableCheckpointing(settings.get(SqlExamOptions.CHECKPOINT_INTERVAL_MS));
        env.getConfig().enableObjectReuse();
        env.configure(shipping.restarts(2));
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) t = t.getCause();
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
