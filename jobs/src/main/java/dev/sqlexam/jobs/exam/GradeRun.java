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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

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
     * A predictions file and the name of its column (null: the system the file names, else the
     * file's name).
     */
    public record Submission(String name, Path file) {

        private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

        public Submission {
            if (name != null && !NAME.matcher(name).matches())
                throw new IllegalArgumentException(
                        "--predictions: name '"
                                + name
                                + "' must be letters, digits, '.', '_' or '-'");
        }

        /** {@code PATH} or {@code NAME=PATH}: a file that exists is a path, whatever it holds. */
        public static Submission parse(String given) {
            int eq = given.indexOf('=');
            if (Files.exists(Path.of(given)) || eq <= 0)
                return new Submission(null, Path.of(given));
            return new Submission(given.substring(0, eq), Path.of(given.substring(eq + 1)));
        }
    }

    /**
     * A grade of predictions files read against {@code examSet}, each file's format detected from
     * its content: {@code dialect} auto converts BIRD's and Spider's files as imported SQLite golds
     * are converted, sqlite converts every file, postgres none. A file aligned by position keeps
     * the questions the import quarantined in their places. Columns are named as given; unnamed
     * files whose names repeat take their folder's name before theirs ({@link #columnNames}).
     */
    public static GradeRun ofFiles(
            Settings settings,
            Path examSet,
            List<Submission> files,
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
        List<PredictionsFile.Loaded> read = new ArrayList<>();
        for (Submission submission : files) {
            Path p = submission.file();
            PredictionsFile.Loaded file = PredictionsFile.read(p, questions, quarantined);
            if (writtenForSqlite(dialect, file.format()) && sqlite.anyOnServer()) {
                file = sqlite.convert(file);
                out.println(
                        "[sqlexam] "
                                + p
                                + ": SQLite predictions, converted as imported SQLite golds are (--dialect postgres runs them as written)");
            }
            read.add(file);
        }
        List<String> names = columnNames(files, read.stream().map(f -> f.label()).toList(), out);
        List<PredictionsFile.Loaded> loaded = new ArrayList<>();
        for (int i = 0; i < read.size(); i++) loaded.add(read.get(i).withLabel(names.get(i)));
        return new GradeRun(
                settings,
                content,
                loaded,
                out,
                new RunDriver(outRoot, runId, out, false, RunComposer.standard()));
    }

    /**
     * Each file's column: the name given; else its own label ({@code labels}), with its folder's
     * name before it where two unnamed files share one ({@code a/predict_dev.json} and {@code
     * b/predict_dev.json}: {@code a-predict_dev}, {@code b-predict_dev}), and -2, -3, … after where
     * that still repeats. Two files given the same name are refused.
     */
    static List<String> columnNames(List<Submission> files, List<String> labels, PrintStream out) {
        Set<String> given = new HashSet<>();
        for (Submission f : files) {
            if (f.name() != null && !given.add(f.name()))
                throw new IllegalArgumentException(
                        "--predictions: two files are named '"
                                + f.name()
                                + "'; each column needs its own name");
        }
        Map<String, Integer> unnamedLabels = new HashMap<>();
        for (int i = 0; i < files.size(); i++)
            if (files.get(i).name() == null) unnamedLabels.merge(labels.get(i), 1, Integer::sum);
        List<String> names = new ArrayList<>();
        Set<String> taken = new HashSet<>(given);
        for (int i = 0; i < files.size(); i++) {
            Submission f = files.get(i);
            if (f.name() != null) {
                names.add(f.name());
                continue;
            }
            String label = labels.get(i);
            String base = label;
            if (unnamedLabels.get(label) > 1) {
                Path folder = f.file().toAbsolutePath().normalize().getParent();
                String prefix =
                        folder == null || folder.getFileName() == null
                                ? ""
                                : folder.getFileName()
                                        .toString()
                                        .toLowerCase(Locale.ROOT)
                                        .replaceAll("[^a-z0-9._-]+", "_");
                if (!prefix.isEmpty()) base = prefix + "-" + label;
            }
            String name = base;
            for (int n = 2; !taken.add(name); n++) name = base + "-" + n;
            if (!name.equals(label))
                out.println(
                        "[sqlexam] "
                                + f.file()
                                + ": column "
                                + name
                                + " (another file is also "
                                + label
                                + "; --predictions NAME=PATH names a column)");
            names.add(name);
        }
        return names;
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
