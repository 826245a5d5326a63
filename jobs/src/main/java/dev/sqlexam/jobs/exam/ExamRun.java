package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.run.ExamSetContent;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.pipeline.Answers;

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
    private final List<Variant> variants;
    private final RunDriver driver;

    public ExamRun(Settings settings, Path examSet, Path outRoot, String runId, PrintStream out) {
        this(settings, examSet, outRoot, runId, out, List.of(Variant.DEFAULT), false);
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
            List<Variant> variants,
            boolean resume) {
        this(
                settings,
                examSet,
                variants,
                new RunDriver(outRoot, runId, out, resume, RunComposer.standard()));
    }

    private ExamRun(Settings settings, Path examSet, List<Variant> variants, RunDriver driver) {
        if (variants.isEmpty())
            throw new IllegalArgumentException("an exam needs at least one variant");
        this.settings = settings;
        this.examSet = examSet;
        this.variants = List.copyOf(variants);
        this.driver = driver;
    }

    /** This exam set up with {@code composer} instead of sqlexam's standard one. */
    public ExamRun composedBy(RunComposer composer) {
        return new ExamRun(settings, examSet, variants, driver.composedBy(composer));
    }

    public RunResult run(FlinkTarget target) throws Exception {
        return driver.run(
                target,
                RunDefinition.ofExamSet(
                        RunMode.EXAM,
                        settings,
                        variants,
                        ExamSetContent.read(examSet),
                        Answers.fromPipeline(),
                        RunDefinition.Limits.of(settings)));
    }
}
