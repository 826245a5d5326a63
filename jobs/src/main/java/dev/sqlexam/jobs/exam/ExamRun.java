package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.assembly.RunPlan;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.llm.Generators;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * An exam: the pipeline writes the candidates (a model, the offline baseline, a replay, or the gold
 * self-check) for each variant, after every variant's model endpoint answered and the exam's
 * databases were indexed for retrieval with every embedding model the variants use.
 */
public final class ExamRun {

    /** Who may write an exam's SQL: the choices of the generator option. */
    public static final List<String> GENERATORS = Generators.NAMES;

    private final Settings settings;
    private final Path examSet;
    private final List<RunManifest.Variant> variants;
    private final RunDriver driver;

    public ExamRun(Settings settings, Path examSet, Path outRoot, String runId, PrintStream out) {
        this(settings, examSet, outRoot, runId, out, List.of(RunManifest.Variant.DEFAULT), false);
    }

    /**
     * {@code variants}: the first is the reference; {@code resume}: continue run {@code runId} in
     * {@code outRoot}.
     */
    public ExamRun(
            Settings settings,
            Path examSet,
            Path outRoot,
            String runId,
            PrintStream out,
            List<RunManifest.Variant> variants,
            boolean resume) {
        if (variants.isEmpty())
            throw new IllegalArgumentException("an exam needs at least one variant");
        this.settings = settings;
        this.examSet = examSet;
        this.variants = List.copyOf(variants);
        this.driver = new RunDriver(settings, examSet, outRoot, runId, out, resume);
    }

    /** Sets the run up with {@code composer} instead of sqlexam's standard one. */
    public ExamRun composedBy(RunComposer composer) {
        driver.composedBy(composer);
        return this;
    }

    public RunResult run(FlinkTarget target) throws Exception {
        RunPlan setup = RunPlan.ofExamSet(RunMode.EXAM, settings, variants, examSet);
        return driver.run(
                target,
                new RunDriver.Plan(
                        setup,
                        settings.get(SqlExamOptions.RUNS),
                        settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS),
                        null));
    }
}
