package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ServerProbe;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.examset.ExamLineParser;
import dev.sqlexam.grading.AdaptiveTimeout;
import dev.sqlexam.jobs.assembly.PipelineAssembly;
import dev.sqlexam.jobs.graph.ExamIo;
import dev.sqlexam.jobs.graph.ExamJob;
import dev.sqlexam.jobs.report.RunReport;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Preflight;
import dev.sqlexam.jobs.run.Provenance;
import dev.sqlexam.jobs.run.ProvenanceCollector;
import dev.sqlexam.jobs.run.RunCatalog;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.jobs.run.RunPlatform;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.ExamJobRunner;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.PredictionsStep;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;
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

/**
 * One run from the client's side, exam or grade alike: migrate, the pre-flight check, start the
 * job, show progress, then merge the exam log, write summary.json and the exam.runs/metrics rows.
 * What the run grades comes from its {@link Planner}: {@link ExamRun} (the pipeline's candidates)
 * or {@link GradeRun} (predictions files). A resumed run first takes back what its killed
 * predecessor logged and asks only the rest.
 */
final class RunDriver {

    /** What the server and the pre-flight check said, for the planner. */
    record Setup(JdbcUrlTemplate admin, StateDatabase state, Set<String> databases) {}

    /**
     * What a run grades and how: who wrote the SQL, the variants and repetitions, the vector size
     * of each embedding model, the predictions attached instead of the pipeline's stages (grade),
     * execution rules, the async time limit, input lines the planner itself could not use, and the
     * files graded besides the exam set (their hashes go to run.json).
     */
    record Plan(
            String generatorName,
            String generatorReason,
            boolean selfCheck,
            List<PipelineAssembly.Variant> variants,
            int repetitions,
            Map<String, Integer> dimensions,
            PredictionsStep predictions,
            AdaptiveTimeout adaptiveTimeout,
            long asyncTimeoutMs,
            List<String> rejectedJson,
            List<Path> inputs) {}

    /**
     * Plans a run once the server is known and checked; {@code assembly} resolves its variants and
     * indexes their databases.
     */
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

    RunDriver(
            Settings settings,
            Path examSet,
            Path outRoot,
            String runId,
            PrintStream out,
            boolean resume,
            PipelineAssembly.Mode mode) {
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

    /**
     * The run's checked server and plan, and its output folder as opened (with what a resumed run
     * logged before).
     */
    private record Opened(
            Setup setup,
            Preflight.Result preflight,
            Plan plan,
            long questions,
            Path outDir,
            Path parts,
            Map<String, ExamRecord> earlier,
            RunCatalog catalog,
            dev.sqlexam.suite.TestSuites suites) {}

    /**
     * The job as it ran: its variants, how they shared work, what it handed back, and its seconds.
     */
    private record Ran(
            Variants<PipelineConfig> configs,
            SharingPlan sharing,
            ExamJobRunner.Finished finished,
            double seconds) {}

    RunResult run(FlinkTarget target, Planner planner) throws Exception {
        Opened run = open(planner);
        Ran ran = execute(target, run);
        return finish(run, ran);
    }

    /**
     * Migrations, the pre-flight check and the plan; then the output folder, run.json, grants.sql
     * and the exam.runs row.
     */
    private Opened open(Planner planner) throws Exception {
        if (!Files.isRegularFile(examSet))
            throw new IllegalArgumentException("exam set not found: " + examSet);
        JdbcUrlTemplate admin = assembly.admin();
        Set<String> named = ExamSetFiles.databasesIn(examSet);
        assembly.migrate(named::contains);
        ServerProbe server = ServerProbe.of(admin, named);
        Set<String> databases = admin.perDatabase() ? server.databases() : null;
        Preflight.Result preflight = Preflight.run(settings, admin, examSet, server, out);
        Setup setup = new Setup(admin, assembly.state(), databases);
        Plan plan = planner.plan(setup, assembly);
        dev.sqlexam.suite.TestSuites suites =
                dev.sqlexam.jobs.run.TestSuitePreparation.prepare(
                        settings,
                        admin,
                        preflight.reader(),
                        preflight.connections(),
                        assembly.state(),
                        examSet,
                        out);

        Path outDir = outRoot.resolve(runId);
        Provenance provenance = provenance(plan, admin, named);
        if (resume) Provenance.print(Provenance.of(outDir), provenance, "since the run began", out);
        Map<String, ExamRecord> earlier = resume ? RunLog.recover(outDir) : Map.of();
        if (resume) {
            RunOutputs.writeLines(outDir.resolve("exam_log.jsonl"), RunLog.lines(earlier.values()));
            out.printf(
                    "[sqlexam] resuming run %s: %d record(s) already logged are not asked again%n",
                    runId, earlier.size());
        }
        Path parts = outDir.resolve(".parts");
        RunOutputs.deleteTree(parts);
        Files.createDirectories(outDir);
        Preflight.writeGrants(preflight.access(), outDir.resolve("grants.sql"));
        new RunManifest(
                        runId,
                        RunManifest.recorded(examSet),
                        plan.repetitions(),
                        plan.predictions() != null,
                        plan.variants().stream()
                                .map(
                                        v ->
                                                new RunManifest.Variant(
                                                        v.name(), v.description(), v.options()))
                                .toList(),
                        provenance,
                        RunManifest.Invocation.now(),
                        RunPlatform.collect(
                                admin,
                                named.isEmpty() ? null : named.iterator().next(),
                                assembly.state().url()))
                .write(outDir);
        RunCatalog catalog = new RunCatalog(assembly.state().url());
        catalog.start(
                runId,
                examSet.toString(),
                plan.generatorName(),
                plan.selfCheck(),
                settings.changed());
        return new Opened(
                setup,
                preflight,
                plan,
                ExamSetFiles.countLines(examSet),
                outDir,
                parts,
                earlier,
                catalog,
                suites);
    }

    /**
     * The variants' pipelines on the job's resources, the exam job on {@code target}, followed to
     * its end.
     */
    private Ran execute(FlinkTarget target, Opened run) {
        Plan plan = run.plan();
        int parallelism = settings.get(SqlExamOptions.PARALLELISM);
        ExamJobRunner runner = new ExamJobRunner(target);
        JobShipping shipping = runner.shipping();
        JobResources resources =
                assembly.resources(
                        shipping,
                        run.preflight().reader(),
                        run.preflight().connections(),
                        settings,
                        plan.adaptiveTimeout(),
                        plan.dimensions());
        if (run.suites() != null) {
            var suites = run.suites();
            resources =
                    resources.withSuites(
                            suites.withAccess(
                                    resources.state().server(),
                                    shipping.reader(
                                            suites.reader(), resources.state().database())));
        }
        Variants<PipelineConfig> configs = configs(plan, resources, shipping);
        SharingPlan sharing =
                plan.predictions() != null
                        ? SharingPlan.unshared(configs.names(), plan.repetitions())
                        : sharing(plan, RunLog.doneKeys(run.earlier().values()));
        ExamJob.Spec spec =
                new ExamJob.Spec(
                        runId,
                        new ExamLineParser(examSet.toString(), run.setup().databases()),
                        sharing,
                        configs,
                        settings.get(SqlExamOptions.ASYNC_CAPACITY),
                        plan.asyncTimeoutMs(),
                        plan.predictions());
        out.printf(
                "[sqlexam] run %s: %d line(s) × %d variant(s) × %d run(s), generator %s%s, parallelism %d%n",
                runId,
                run.questions(),
                configs.names().size(),
                plan.repetitions(),
                plan.generatorName(),
                plan.selfCheck() ? " (self-check)" : "",
                parallelism);
        long start = System.nanoTime();
        ExamJob job =
                new ExamJob(
                        shipping.lines(examSet, "exam-set"),
                        ExamIo.Sinks.of(
                                run.parts().toAbsolutePath().toUri().toString(),
                                resources.state().url()),
                        spec);
        long expected =
                run.questions() * plan.repetitions() * configs.names().size()
                        - run.earlier().size();
        try {
            ExamJobRunner.Finished finished =
                    runner.run(
                            job,
                            parallelism,
                            settings.get(SqlExamOptions.CHECKPOINT_INTERVAL_MS),
                            expected,
                            out);
            return new Ran(configs, sharing, finished, (System.nanoTime() - start) / 1e9);
        } catch (Exception e) {
            IllegalStateException failed =
                    new IllegalStateException(
                            "the exam job failed: "
                                    + rootMessage(e)
                                    + "; what it logged before failing stays in "
                                    + run.outDir(),
                            e);
            try {
                run.catalog().finish(null, "failed");
            } catch (RuntimeException stateAway) {
                // sqlexam's state server may be what went away: the job's own failure is the one to
                // report
                failed.addSuppressed(stateAway);
            }
            throw failed;
        }
    }

    /**
     * The exam log and rejected lines merged, summary.json, the report, the exam.runs and metrics
     * rows.
     */
    private RunResult finish(Opened run, Ran ran) throws Exception {
        Plan plan = run.plan();
        Path outDir = run.outDir();
        Path parts = run.parts();
        SummaryAccumulator accumulator = ran.finished().summary();
        long goldExecutions = accumulator.goldExecutions();
        long graded = accumulator.records();
        accumulator.merge(SummaryAccumulator.of(run.earlier().values()));
        long badLines = ran.finished().rejectedLines();
        if (graded > 0 && !Files.isDirectory(parts.resolve("exam-log"))) {
            run.catalog().finish(null, "failed");
            throw new IllegalStateException(
                    "the job graded "
                            + graded
                            + " record(s) but its exam log parts are not in "
                            + parts
                            + ": the workers wrote them on their own disks; give --out a folder this machine and every TaskManager share");
        }
        RunOutputs.Merged merged =
                RunOutputs.merge(
                        parts.resolve("exam-log"),
                        run.earlier().values(),
                        outDir.resolve("exam_log.jsonl"));
        if (merged.duplicates() > 0) {
            out.printf(
                    "[sqlexam] warning: %d committed record(s) repeated a logged question and were dropped from the exam log%n",
                    merged.duplicates());
        }
        long rejectedLines =
                RunOutputs.mergeRejected(
                        parts.resolve("rejected"),
                        plan.rejectedJson(),
                        outDir.resolve("rejected.jsonl"));
        RunOutputs.deleteTree(parts);

        int variants = ran.configs().names().size();
        ExamSummary.Sharing shared =
                new ExamSummary.Sharing(
                        variants,
                        plan.repetitions(),
                        ran.sharing().retrievalGroups(),
                        ran.sharing().generationGroups(),
                        goldExecutions,
                        run.questions() - badLines);
        ExamSummary summary =
                ExamSummary.of(
                        accumulator,
                        new ExamSummary.Context(
                                runId,
                                examSet.toString(),
                                plan.generatorName(),
                                plan.generatorReason(),
                                plan.selfCheck(),
                                badLines + plan.rejectedJson().size(),
                                ran.seconds(),
                                ran.finished().subgraphHits(),
                                ran.finished().subgraphMisses(),
                                infos(plan),
                                plan.predictions() != null ? null : shared));
        run.catalog().finish(summary, "finished");
        Path report = RunReport.write(outDir, summary, accumulator, RunLog.read(outDir), out);
        out.println(
                "exam log   "
                        + outDir.resolve("exam_log.jsonl")
                        + " ("
                        + merged.lines()
                        + " records)");
        if (rejectedLines > 0)
            out.println(
                    "rejected   "
                            + outDir.resolve("rejected.jsonl")
                            + " ("
                            + rejectedLines
                            + " lines)");
        out.println(
                "summary    "
                        + outDir.resolve("summary.json")
                        + "; rows in exam.results of sqlexam's "
                        + assembly.state()
                        + " (run_id '"
                        + runId
                        + "')");
        out.println("report     " + report);
        RunManifest.markFinished(outDir);
        return new RunResult(runId, outDir, summary, merged.lines(), rejectedLines);
    }

    /**
     * What the run depends on: its inputs, the server and databases as they are now, the index,
     * generators and options.
     */
    private Provenance provenance(Plan plan, JdbcUrlTemplate admin, Set<String> named) {
        Map<String, String> generators = new LinkedHashMap<>();
        for (PipelineAssembly.Variant v : plan.variants()) {
            String name = v.generators().name();
            boolean remote = name.equals("openai") || name.equals("ollama");
            generators.put(
                    v.name(),
                    name
                            + (remote
                                    ? " "
                                            + v.settings().get(SqlExamOptions.LLM_URL)
                                            + " model "
                                            + v.settings().get(SqlExamOptions.LLM_MODEL)
                                    : ""));
        }
        Set<String> databases = admin.perDatabase() ? named : Set.of(admin.fixedDatabase());
        String model =
                plan.dimensions().isEmpty()
                        ? null
                        : String.join(", ", new java.util.TreeSet<>(plan.dimensions().keySet()));
        return ProvenanceCollector.collect(
                settings,
                admin,
                assembly.state(),
                examSet,
                plan.inputs(),
                databases,
                generators,
                model);
    }

    private Variants<PipelineConfig> configs(
            Plan plan, JobResources resources, JobShipping shipping) {
        Map<String, PipelineConfig> byName = new LinkedHashMap<>();
        for (PipelineAssembly.Variant v : plan.variants()) {
            if (byName.containsKey(v.name()))
                throw new IllegalArgumentException(
                        "two variants are named '" + v.name() + "'; names must differ");
            byName.put(v.name(), assembly.config(v, resources, shipping));
        }
        return Variants.of(byName);
    }

    /**
     * Variants equal in every retrieval option retrieve once; equal in every generation option (and
     * generator), generate once per run.
     */
    private static SharingPlan sharing(Plan plan, Set<String> done) {
        Map<String, String> retrieval = new LinkedHashMap<>();
        Map<String, String> generation = new LinkedHashMap<>();
        for (PipelineAssembly.Variant v : plan.variants()) {
            retrieval.put(v.name(), v.settings().fingerprint(Option.Phase.RETRIEVAL));
            generation.put(
                    v.name(),
                    v.settings().fingerprint(Option.Phase.GENERATION)
                            + "generator="
                            + v.generators().name());
        }
        return new SharingPlan(
                plan.variants().stream().map(PipelineAssembly.Variant::name).toList(),
                retrieval,
                generation,
                plan.repetitions(),
                done);
    }

    private static List<ExamSummary.VariantInfo> infos(Plan plan) {
        Settings reference = plan.variants().get(0).settings();
        return plan.variants().stream()
                .map(
                        v ->
                                new ExamSummary.VariantInfo(
                                        v.name(),
                                        v.description(),
                                        v.settings().differencesFrom(reference),
                                        v.settings().get(SqlExamOptions.COST_PER_1K_PROMPT_TOKENS),
                                        v.settings()
                                                .get(SqlExamOptions.COST_PER_1K_COMPLETION_TOKENS)))
                .toList();
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) t = t.getCause();
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
