package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.jobs.assembly.PipelineAssembly;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.RunManifest;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.llm.SqlGenerator;
import dev.sqlexam.pipeline.PredictionsStep;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * An exam: the pipeline writes the candidates (a model, the offline baseline, a replay, or the gold
 * self-check) for each variant, after every variant's model endpoint answered and the exam's
 * databases were indexed for retrieval with every embedding model the variants use.
 */
public final class ExamRun {

    private final Settings settings;
    private final Path examSet;
    private final PrintStream out;
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
        this.out = out;
        this.variants = List.copyOf(variants);
        this.driver =
                new RunDriver(
                        settings, examSet, outRoot, runId, out, resume, PipelineAssembly.Mode.EXAM);
    }

    public RunResult run(FlinkTarget target) throws Exception {
        return driver.run(target, this::plan);
    }

    private RunDriver.Plan plan(RunDriver.Setup setup, PipelineAssembly assembly) throws Exception {
        List<PipelineAssembly.Variant> plans = new ArrayList<>();
        for (RunManifest.Variant v : variants) {
            PipelineAssembly.Variant variant = assembly.variant(settings, v);
            plans.add(variant);
            out.println(
                    "[sqlexam] variant "
                            + v.name()
                            + ": generator "
                            + variant.generators().name()
                            + " ("
                            + variant.generators().reason()
                            + ")");
        }
        boolean selfCheck = true;
        Set<String> names = new LinkedHashSet<>();
        for (PipelineAssembly.Variant p : plans) {
            names.add(p.generators().name());
            try (SqlGenerator generator = p.generators().create()) {
                selfCheck &= generator.selfCheck();
            }
        }
        String reason = plans.size() == 1 ? plans.get(0).generators().reason() : "per variant";
        if (selfCheck && !settings.get(SqlExamOptions.SELF_CHECK_RETRIEVAL)) {
            out.println(
                    "[sqlexam] gold self-check: each gold graded as submitted, without the index, retrieval or generation "
                            + "(self_check_retrieval=true runs them for their figures)");
            return new RunDriver.Plan(
                    String.join(", ", names),
                    reason,
                    true,
                    plans,
                    settings.get(SqlExamOptions.RUNS),
                    Map.of(),
                    PredictionsStep.goldOfEachQuestion(),
                    null,
                    settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS),
                    List.of(),
                    List.of());
        }
        Map<String, Integer> dimensions = new LinkedHashMap<>();
        Set<String> databases = new TreeSet<>(ExamSetFiles.databasesIn(examSet));
        if (setup.databases() != null) databases.retainAll(setup.databases());
        for (EmbeddingProviders providers : embeddingModels(plans)) {
            dimensions.put(
                    providers.modelName(),
                    assembly.index(
                            providers,
                            databases,
                            settings.get(SqlExamOptions.PARALLELISM),
                            "its questions run without retrieval"));
        }
        return new RunDriver.Plan(
                String.join(", ", names),
                reason,
                selfCheck,
                plans,
                settings.get(SqlExamOptions.RUNS),
                dimensions,
                null,
                null,
                settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS),
                List.of(),
                List.of());
    }

    private static Set<EmbeddingProviders> embeddingModels(List<PipelineAssembly.Variant> plans) {
        Set<EmbeddingProviders> out = new LinkedHashSet<>();
        for (PipelineAssembly.Variant p : plans) out.add(EmbeddingProviders.from(p.settings()));
        return out;
    }
}
