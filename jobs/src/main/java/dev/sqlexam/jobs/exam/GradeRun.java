package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.assembly.PipelineAssembly;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.json.Json;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.predictions.PredictionsFile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Grading of predictions files from any NL2SQL system: one variant per file, the SQL run as
 * submitted (no retrieval, generation, evaluation, repair or execution recovery), each prediction's
 * timeout from its gold's time.
 */
public final class GradeRun {

    private static final int QUARANTINED_SHOWN = 10;

    private final Settings settings;
    private final List<PredictionsFile.Loaded> predictions;
    private final PrintStream out;
    private final RunDriver driver;

    public GradeRun(
            Settings settings,
            Path examSet,
            List<PredictionsFile.Loaded> predictions,
            Path outRoot,
            String runId,
            PrintStream out) {
        this.settings = settings;
        this.predictions = List.copyOf(predictions);
        this.out = out;
        this.driver = new RunDriver(settings, examSet, outRoot, runId, out);
    }

    public RunResult run(FlinkTarget target) throws Exception {
        return driver.run(target, (setup, assembly) -> plan());
    }

    private RunDriver.Plan plan() throws IOException {
        out.println(
                "[sqlexam] grading "
                        + predictions.size()
                        + " predictions file(s): "
                        + String.join(
                                ", ",
                                predictions.stream()
                                        .map(
                                                p ->
                                                        p.label()
                                                                + " ("
                                                                + p.format().name().toLowerCase()
                                                                + ", "
                                                                + p.byId().size()
                                                                + " predictions)")
                                        .toList()));
        List<String> unusable = new ArrayList<>();
        for (var f : predictions) {
            for (var r : f.rejected()) unusable.add(Json.MAPPER.writeValueAsString(r));
            for (var q : f.forQuarantined()) unusable.add(Json.MAPPER.writeValueAsString(q.line()));
            reportAlignment(f);
        }
        List<PipelineAssembly.Variant> variants =
                predictions.stream()
                        .map(
                                p ->
                                        new PipelineAssembly.Variant(
                                                p.label(),
                                                "predictions file " + p.file().getFileName(),
                                                Map.<String, String>of(),
                                                settings,
                                                Generators.gold()))
                        .toList();
        return new RunDriver.Plan(
                "predictions",
                "predictions files, run as submitted",
                false,
                variants,
                1,
                Map.of(),
                attach(predictions),
                adaptiveTimeout(settings),
                Math.max(settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS), 600_000L),
                unusable,
                predictions.stream().map(PredictionsFile.Loaded::file).toList());
    }

    /**
     * How a file aligned by position was aligned, and what it held for questions the import
     * quarantined.
     */
    private void reportAlignment(PredictionsFile.Loaded f) {
        if (f.alignment() == null) return;
        String positions =
                f.format() == PredictionsFile.Format.SPIDER ? "Spider lines" : "BIRD indexes";
        out.println("[sqlexam] " + f.label() + ": " + positions + " aligned " + f.alignment());
        if (f.alignmentWarning() != null)
            out.println("[sqlexam] warning: " + f.label() + ": " + f.alignmentWarning());
        if (f.forQuarantined().isEmpty()) return;
        List<String> which =
                f.forQuarantined().stream()
                        .limit(QUARANTINED_SHOWN)
                        .map(q -> q.questionId() + " (source_index " + q.sourceIndex() + ")")
                        .toList();
        int more = f.forQuarantined().size() - which.size();
        out.println(
                "[sqlexam] "
                        + f.label()
                        + ": "
                        + f.forQuarantined().size()
                        + " prediction(s) for questions the import quarantined, "
                        + "not graded (in rejected.jsonl): "
                        + String.join(", ", which)
                        + (more > 0 ? " and " + more + " more" : ""));
    }

    private static dev.sqlexam.pipeline.PredictionsStep attach(
            List<dev.sqlexam.predictions.PredictionsFile.Loaded> files) {
        java.util.Map<String, java.util.Map<String, dev.sqlexam.predictions.Prediction>> byVariant =
                new java.util.LinkedHashMap<>();
        java.util.Map<String, String> sources = new java.util.LinkedHashMap<>();
        for (var f : files) {
            byVariant.put(f.label(), f.byId());
            sources.put(f.label(), f.file().getFileName().toString());
        }
        return new dev.sqlexam.pipeline.PredictionsStep(byVariant, sources);
    }

    /** Each prediction's timeout from its gold's time, as grade runs time them. */
    static dev.sqlexam.grading.AdaptiveTimeout adaptiveTimeout(Settings settings) {
        return new dev.sqlexam.grading.AdaptiveTimeout(
                settings.get(SqlExamOptions.GRADE_TIMEOUT_BASE_MS),
                settings.get(SqlExamOptions.GRADE_TIMEOUT_GOLD_FACTOR));
    }
}
