package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.assembly.ComposedRun;
import dev.sqlexam.jobs.assembly.ResolvedVariant;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.graph.ExamIo;
import dev.sqlexam.jobs.graph.ExamJob;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.ExamJobRunner;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.pipeline.Answers;
import dev.sqlexam.pipeline.PredictionsStep;
import dev.sqlexam.pipeline.SharingPlan;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One run from the client's side, exam, grade or regrade alike: its definition composed ({@link
 * RunComposer}), the exam set's questions taken on the server found, its output folder opened
 * ({@link RunFolder}), the job started and followed, then the folder closed. A resumed run first
 * takes back what its killed predecessor logged and asks only the rest.
 */
final class RunDriver {

    private final Path outRoot;
    private final String runId;
    private final PrintStream out;
    private final boolean resume;
    private final RunComposer composer;

    RunDriver(Path outRoot, String runId, PrintStream out, boolean resume, RunComposer composer) {
        this.outRoot = outRoot;
        this.runId = runId != null ? runId : newRunId();
        this.out = out;
        this.resume = resume;
        this.composer = composer;
    }

    /** This driver setting its runs up with {@code setup} instead. */
    RunDriver composedBy(RunComposer setup) {
        return new RunDriver(outRoot, runId, out, resume, setup);
    }

    static String newRunId() {
        return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
    }

    RunResult run(FlinkTarget target, RunDefinition definition) throws Exception {
        ExamJobRunner runner = new ExamJobRunner(target);
        ComposedRun composed = composer.compose(definition.shippedAs(runner.shipping()), out);
        ExamSetFiles.Read examSet = definition.examSet().on(composed.serverDatabases());
        Answers answers = answersOf(composed);
        if (definition.mode() == RunMode.EXAM) narrate(composed, answers);
        RunFolder folder = RunFolder.open(outRoot, runId, resume, composed, answers, examSet, out);
        long start = System.nanoTime();
        SharingPlan sharing =
                sharing(composed, answers, RunLog.doneKeys(folder.earlier().values()));
        ExamJobRunner.Finished finished =
                execute(runner, composed, answers, examSet, folder, sharing);
        return folder.close(sharing, finished, (System.nanoTime() - start) / 1e9);
    }

    /**
     * The definition's answers, where a gold self-check without retrieval hands each gold in as
     * submitted.
     */
    private static Answers answersOf(ComposedRun composed) {
        Settings settings = composed.definition().settings();
        if (composed.selfCheck() && !settings.get(SqlExamOptions.SELF_CHECK_RETRIEVAL))
            return new Answers.Submitted(
                    composed.generatorNames(),
                    composed.generatorReason(),
                    PredictionsStep.goldOfEachQuestion(),
                    List.of(),
                    List.of());
        return composed.definition().answers();
    }

    /**
     * How the variants share their work: equal retrieval options retrieve once, equal generation
     * options and generator generate once per run; submitted SQL is never shared.
     */
    private static SharingPlan sharing(ComposedRun composed, Answers answers, Set<String> done) {
        List<ResolvedVariant> variants = composed.variants();
        int repetitions = composed.definition().limits().repetitions();
        if (answers instanceof Answers.Submitted)
            return SharingPlan.unshared(
                    variants.stream().map(ResolvedVariant::name).toList(), repetitions);
        Map<String, Settings> settings = new LinkedHashMap<>();
        Map<String, String> generators = new LinkedHashMap<>();
        for (ResolvedVariant v : variants) {
            settings.put(v.name(), v.settings());
            generators.put(v.name(), v.generators().name());
        }
        return SharingPlan.of(settings, generators, repetitions, done);
    }

    /** Each variant's generator, and what a gold self-check skips. */
    private void narrate(ComposedRun composed, Answers answers) {
        for (ResolvedVariant v : composed.variants())
            out.printf(
                    "[sqlexam] variant %s: generator %s (%s)%n",
                    v.name(), v.generators().name(), v.generators().reason());
        if (answers instanceof Answers.Submitted)
            out.println(
                    "[sqlexam] gold self-check: each gold graded as submitted, without the index,"
                            + " retrieval or generation (self_check_retrieval=true runs them for"
                            + " their figures)");
    }

    /** The exam job on the runner's target, followed to its end. */
    private ExamJobRunner.Finished execute(
            ExamJobRunner runner,
            ComposedRun composed,
            Answers answers,
            ExamSetFiles.Read examSet,
            RunFolder folder,
            SharingPlan sharing) {
        RunDefinition definition = composed.definition();
        Settings settings = definition.settings();
        int parallelism = settings.get(SqlExamOptions.PARALLELISM);
        var configs = composed.configs();
        ExamJob.Spec spec =
                new ExamJob.Spec(
                        runId,
                        examSet.questions(),
                        sharing,
                        configs,
                        settings.get(SqlExamOptions.ASYNC_CAPACITY),
                        definition.limits().asyncTimeoutMs(),
                        answers);
        int repetitions = definition.limits().repetitions();
        out.printf(
                "[sqlexam] run %s: %d line(s) × %d variant(s) × %d run(s), generator %s%s,"
                        + " parallelism %d%n",
                runId,
                definition.examSet().lineCount(),
                configs.names().size(),
                repetitions,
                RunFolder.generatorName(composed, answers),
                composed.selfCheck() ? " (self-check)" : "",
                parallelism);
        ExamJob job =
                new ExamJob(
                        ExamIo.Sinks.of(
                                folder.parts().toAbsolutePath().toUri().toString(),
                                composed.resources().state().url()),
                        spec);
        long expected =
                definition.examSet().lineCount() * repetitions * configs.names().size()
                        - folder.earlier().size();
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
                                    + folder.dir(),
                            e);
            try {
                folder.failed();
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
