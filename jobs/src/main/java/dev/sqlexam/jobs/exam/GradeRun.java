package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.examset.Quarantine;
import dev.sqlexam.grading.AdaptiveTimeout;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.run.ExamSetContent;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.pipeline.Answers;
import dev.sqlexam.pipeline.PredictionsStep;
import dev.sqlexam.predictions.Prediction;
import dev.sqlexam.predictions.PredictionsFile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Grading of predictions files from any NL2SQL system: one variant per file, the SQL run as
 * submitted (no retrieval, generation, evaluation, repair or execution recovery), each prediction's
 * timeout from its gold's time.
 */
public final class GradeRun {

    private static final int QUARANTINED_SHOWN = 10;

    private final Settings settings;
    private final ExamSetContent examSet;
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
        this(
                settings,
                ExamSetContent.read(examSet),
                predictions,
                out,
                new RunDriver(outRoot, runId, out, false, RunComposer.standard()));
    }

    private GradeRun(
            Settings settings,
            ExamSetContent examSet,
            List<PredictionsFile.Loaded> predictions,
            PrintStream out,
            RunDriver driver) {
        this.settings = settings;
        this.examSet = examSet;
        this.predictions = List.copyOf(predictions);
        this.out = out;
        this.driver = driver;
    }

    /**
     * A grade of predictions files read against {@code examSet}, each file's format detected from
     * its content: {@code dialect} auto converts BIRD's and Spider's files as imported SQLite golds
     * are converted, sqlite converts every file, postgres none. A file aligned by position keeps
     * the questions the import quarantined in their places; labels that repeat get -2, -3, ….
     */
    public static GradeRun ofFiles(
            Settings settings,
            Path examSet,
            List<Path> files,
            String dialect,
            Path outRoot,
            String runId,
            PrintStream out) {
        ExamSetContent content = ExamSetContent.read(examSet);
        List<ExamQuestion> questions = content.on(null).questions();
        SqlitePredictions sqlite =
                new SqlitePredictions(
                        new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL)), questions);
        // the questions the import left out keep their positions: BIRD's and Spider's files stay
        // aligned with the source
        List<Quarantine.Entry> quarantined = Quarantine.of(examSet);
        List<PredictionsFile.Loaded> loaded = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (Path p : files) {
            PredictionsFile.Loaded file = PredictionsFile.read(p, questions, quarantined);
            if (writtenForSqlite(dialect, file.format()) && sqlite.anyOnServer()) {
                file = sqlite.convert(file);
                out.println(
                        "[sqlexam] "
                                + p
                                + ": SQLite predictions, converted as imported SQLite golds are (--dialect postgres runs them as written)");
            }
            String label = file.label();
            for (int n = 2; !labels.add(label); n++) label = file.label() + "-" + n;
            loaded.add(file.withLabel(label));
        }
        return new GradeRun(
                settings,
                content,
                loaded,
                out,
                new RunDriver(outRoot, runId, out, false, RunComposer.standard()));
    }

    private static boolean writtenForSqlite(String dialect, PredictionsFile.Format format) {
        return dialect.equals("sqlite")
                || dialect.equals("auto")
                        && (format == PredictionsFile.Format.BIRD
                                || format == PredictionsFile.Format.SPIDER);
    }

    /** This grade set up with {@code composer} instead of sqlexam's standard one. */
    public GradeRun composedBy(RunComposer composer) {
        return new GradeRun(settings, examSet, predictions, out, driver.composedBy(composer));
    }

    public RunResult run(FlinkTarget target) throws Exception {
        return driver.run(target, definition());
    }

    private RunDefinition definition() throws IOException {
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
        List<Variant> variants =
                predictions.stream()
                        .map(
                                p ->
                                        new Variant(
                                                p.label(),
                                                "predictions file " + p.file().getFileName(),
                                                Map.of()))
                        .toList();
        return RunDefinition.ofExamSet(
                RunMode.GRADE,
                settings,
                variants,
                examSet,
                new Answers.Submitted(
                        "predictions",
                        "predictions files, run as submitted",
                        attach(predictions),
                        unusable,
                        predictions.stream().map(PredictionsFile.Loaded::file).toList()),
                RunDefinition.Limits.grading(settings, 1, adaptiveTimeout(settings)));
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

    private static PredictionsStep attach(List<PredictionsFile.Loaded> files) {
        Map<String, Map<String, Prediction>> byVariant = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        for (var f : files) {
            byVariant.put(f.label(), f.byId());
            sources.put(f.label(), f.file().getFileName().toString());
        }
        return new PredictionsStep(byVariant, sources);
    }

    /** Each prediction's timeout from its gold's time, as grade runs time them. */
    static AdaptiveTimeout adaptiveTimeout(Settings settings) {
        return new AdaptiveTimeout(
                settings.get(SqlExamOptions.GRADE_TIMEOUT_BASE_MS),
                settings.get(SqlExamOptions.GRADE_TIMEOUT_GOLD_FACTOR));
    }
}
