package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.examset.ExamLineParser;
import dev.sqlexam.jobs.assembly.ComposedRun;
import dev.sqlexam.jobs.assembly.Preflight;
import dev.sqlexam.jobs.assembly.ResolvedVariant;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.assembly.RunPlan;
import dev.sqlexam.jobs.graph.ExamIo;
import dev.sqlexam.jobs.graph.ExamJob;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Provenance;
import dev.sqlexam.jobs.run.RunCatalog;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.jobs.run.RunPlatform;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.ExamJobRunner;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.pipeline.SharingPlan;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * One run from the client's side, exam, grade or regrade alike: the run composed from its plan
 * ({@link RunComposer}), its output folder opened, the job started and followed, then the exam log
 * merged and the summary, report and exam.runs/metrics rows written ({@link RunClosing}). A resumed
 * run first takes back what its killed predecessor logged and asks only the rest.
 */
final class RunDriver {

    /**
     * What a run grades and how: its setup plan, repetitions, the async time limit, and the SQL
     * written before the run (null: the pipeline's candidates).
     */
    record Plan(RunPlan setup, int repetitions, long asyncTimeoutMs, RunAnswers submitted) {}

    /** The run composed, who wrote its SQL, and its output folder as opened. */
    record Opened(
            ComposedRun composed,
            RunAnswers answers,
            long questions,
            Path outDir,
            Path parts,
            Map<String, ExamRecord> earlier,
            RunCatalog catalog) {}

    private final Settings settings;
    private final Path examSet;
    private final Path outRoot;
    private final String runId;
    private final PrintStream out;
    private final boolean resume;
    private RunComposer composer = RunComposer.standard();

    RunDriver(
            Settings settings,
            Path examSet,
            Path outRoot,
            String runId,
            PrintStream out,
            boolean resume) {
        this.settings = settings;
        this.examSet = examSet;
        this.outRoot = outRoot;
        this.runId = runId != null ? runId : newRunId();
        this.out = out;
        this.resume = resume;
    }

    /** Sets the run up with {@code setup} instead of sqlexam's standard composer. */
    void composedBy(RunComposer setup) {
        this.composer = setup;
    }

    static String newRunId() {
        return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
    }

    RunResult run(FlinkTarget target, Plan plan) throws Exception {
        if (!Files.isRegularFile(examSet))
            throw new IllegalArgumentException("exam set not found: " + examSet);
        ExamJobRunner runner = new ExamJobRunner(target);
        ComposedRun composed = composer.compose(plan.setup().shippedAs(runner.shipping()), out);
        Opened run = open(plan, composed);
        RunClosing closing = new RunClosing(runId, examSet, out);
        long start = System.nanoTime();
        SharingPlan sharing =
                run.answers()
                        .sharing(
                                composed.variants(),
                                plan.repetitions(),
                                RunLog.doneKeys(run.earlier().values()));
        ExamJobRunner.Finished finished = execute(runner, plan, run, sharing);
        return closing.close(run, plan, sharing, finished, (System.nanoTime() - start) / 1e9);
    }

    /** The output folder, run.json, grants.sql and the exam.runs row; a resumed run's records. */
    private Opened open(Plan plan, ComposedRun composed) throws Exception {
        RunAnswers answers =
                plan.submitted() != null ? plan.submitted() : RunAnswers.ofPipeline(composed);
        if (plan.setup().mode() == RunMode.EXAM) narrate(composed, answers);
        Path outDir = outRoot.resolve(runId);
        Provenance provenance = RunProvenance.of(settings, examSet, composed, answers);
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
        Preflight.writeGrants(composed.preflight().access(), outDir.resolve("grants.sql"));
        var named = plan.setup().databases();
        new RunManifest(
                        runId,
                        RunManifest.recorded(examSet),
                        plan.repetitions(),
                        answers.predictions() != null,
                        composed.variants().stream()
                                .map(
                                        v ->
                                                new RunManifest.Variant(
                                                        v.name(), v.description(), v.options()))
                                .toList(),
                        provenance,
                        RunManifest.Invocation.now(),
                        RunPlatform.collect(
                                composed.admin(),
                                named.isEmpty() ? null : named.iterator().next(),
                                composed.state().url()))
                .write(outDir);
        RunCatalog catalog = new RunCatalog(composed.state().url());
        catalog.start(
                runId,
                examSet.toString(),
                answers.generatorName(),
                answers.selfCheck(),
                settings.changed());
        return new Opened(
                composed,
                answers,
                ExamSetFiles.countLines(examSet),
                outDir,
                parts,
                earlier,
                catalog);
    }

    /** Each variant's generator, and what a gold self-check skips. */
    private void narrate(ComposedRun composed, RunAnswers answers) {
        for (ResolvedVariant v : composed.variants())
            out.printf(
                    "[sqlexam] variant %s: generator %s (%s)%n",
                    v.name(), v.generators().name(), v.generators().reason());
        if (answers.predictions() != null)
            out.println(
                    "[sqlexam] gold self-check: each gold graded as submitted, without the index,"
                            + " retrieval or generation (self_check_retrieval=true runs them for"
                            + " their figures)");
    }

    /** The exam job on the runner's target, followed to its end. */
    private ExamJobRunner.Finished execute(
            ExamJobRunner runner, Plan plan, Opened run, SharingPlan sharing) {
        ComposedRun composed = run.composed();
        int parallelism = settings.get(SqlExamOptions.PARALLELISM);
        var configs = composed.configs();
        ExamJob.Spec spec =
                new ExamJob.Spec(
                        runId,
                        new ExamLineParser(examSet.toString(), composed.serverDatabases()),
                        sharing,
                        configs,
                        settings.get(SqlExamOptions.ASYNC_CAPACITY),
                        plan.asyncTimeoutMs(),
                        run.answers().predictions());
        out.printf(
                "[sqlexam] run %s: %d line(s) × %d variant(s) × %d run(s), generator %s%s,"
                        + " parallelism %d%n",
                runId,
                run.questions(),
                configs.names().size(),
                plan.repetitions(),
                run.answers().generatorName(),
                run.answers().selfCheck() ? " (self-check)" : "",
                parallelism);
        ExamJob job =
                new ExamJob(
                        plan.setup().shipping().lines(examSet, "exam-set"),
                        ExamIo.Sinks.of(
                                run.parts().toAbsolutePath().toUri().toString(),
                                composed.resources().state().url()),
                        spec);
        long expected =
                run.questions() * plan.repetitions() * configs.names().size()
                        - run.earlier().size();
        if (expected >= QuickJit.LARGE_RUN && QuickJit.on())
            out.printf(
                    "[sqlexam] %d records to grade with the quick JIT (C1 only): SQLEXAM_JIT=full"
                            + " keeps C2, which finishes runs this large sooner%n",
                    expected);
        try {
            return runner.run(
                    job,
                    parallelism,
                    settings.get(SqlExamOptions.CHECKPOINT_INTERVAL_MS),
                    expected,
                    out);
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

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) t = t.getCause();
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
