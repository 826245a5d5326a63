package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.examset.Quarantine;
import dev.sqlexam.jobs.exam.GradeRun;
import dev.sqlexam.jobs.exam.RewardVesRun;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.predictions.PredictionsFile;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code sqlexam grade}: grade the SQL another NL2SQL system predicted, one variant per predictions
 * file.
 */
@Command(
        name = "grade",
        mixinStandardHelpOptions = true,
        description =
                "Grade predictions from any NL2SQL system against an exam set: our JSONL (id, sql, ...), BIRD's predict_dev.json, "
                        + "Spider's one-SQL-per-line text (test-suite-sql-eval's pred.txt) or defog sql-eval's results CSV (generated_query), "
                        + "detected from the content. Several --predictions are graded side by side.")
final class GradeCommand implements Callable<Integer> {

    @Option(
            names = "--exam-set",
            required = true,
            description = "Exam set (JSONL) the predictions answer.")
    Path examSet;

    @Option(
            names = "--predictions",
            required = true,
            description = "A predictions file (repeatable: one summary column each).")
    List<Path> predictions;

    @Option(
            names = "--dialect",
            defaultValue = "auto",
            description =
                    "What the predictions were written for: auto (BIRD and Spider files: "
                            + "sqlite; JSONL and defog results: postgres), sqlite (converted as imported SQLite golds are: names lower-cased, double-quoted strings, "
                            + "LIKE as ILIKE), postgres (run as written). Default ${DEFAULT-VALUE}.")
    String dialect;

    @Option(
            names = "--r-ves",
            paramLabel = "N",
            description =
                    "After grading, BIRD's R-VES (r_ves_iterations): each prediction whose "
                            + "rows match its gold as sets timed N times against the gold, as BIRD's evaluation_ves.py does (it uses 100).")
    Integer rVes;

    @Option(
            names = "--out",
            description = "Folder for run outputs; each run writes <out>/<run-id>/. Default: runs.")
    Path out;

    @Option(
            names = "--run-id",
            description = "Run id (default: a timestamp). Rerunning an id replaces its rows.")
    String runId;

    @Mixin CommonOptions common;

    @Mixin TestSuiteOption testSuite;

    @Mixin ClusterOption cluster;

    /**
     * SQLite predictions made to mean on PostgreSQL what they meant on SQLite, with each database's
     * names.
     */
    record SqliteDialect(dev.sqlexam.database.JdbcUrlTemplate admin, List<ExamQuestion> questions) {
        PredictionsFile.Loaded convert(PredictionsFile.Loaded file) {
            Map<String, String> dbOf = new java.util.HashMap<>();
            questions.forEach(q -> dbOf.put(q.id(), q.db()));
            Map<String, Set<String>> names = new java.util.HashMap<>();
            Map<String, dev.sqlexam.predictions.Prediction> out = new java.util.LinkedHashMap<>();
            file.byId()
                    .forEach(
                            (id, p) -> {
                                Set<String> n =
                                        names.computeIfAbsent(
                                                dbOf.get(id),
                                                db -> {
                                                    try {
                                                        return dev.sqlexam.jobs.importer.ImportRun
                                                                .namesOf(admin, db);
                                                    } catch (RuntimeException unreadable) {
                                                        return null; // the question's database is
                                                        // not there: its line is
                                                        // rejected; the guess without
                                                        // names will do
                                                    }
                                                });
                                out.put(
                                        id,
                                        new dev.sqlexam.predictions.Prediction(
                                                p.questionId(),
                                                dev.sqlexam.benchmarks.BenchmarkReaders.fromSqlite(
                                                        p.sql(), n),
                                                p.system(),
                                                p.latencyMs(),
                                                p.promptTokens(),
                                                p.completionTokens(),
                                                p.cost(),
                                                p.line()));
                            });
            return file.withPredictions(out);
        }
    }

    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!FlagKeys.CHOICES.get("--dialect").contains(dialect)) {
            throw UsageErrors.of(
                    spec,
                    "--dialect: '"
                            + dialect
                            + "' is not one of "
                            + String.join(", ", FlagKeys.CHOICES.get("--dialect")));
        }
        List<ExamQuestion> questions = ExamSetFiles.read(examSet, null).questions();
        Map<String, String> extra = new java.util.HashMap<>();
        if (rVes != null) extra.put(SqlExamOptions.R_VES_ITERATIONS.key(), rVes.toString());
        var settings = common.settings(testSuite.apply(cluster.apply(extra)));
        SqliteDialect sqlite =
                new SqliteDialect(
                        new dev.sqlexam.database.JdbcUrlTemplate(
                                settings.get(dev.sqlexam.config.SqlExamOptions.JDBC_URL)),
                        questions);
        // the questions the import left out keep their positions: BIRD's and Spider's files stay
        // aligned with the source
        List<Quarantine.Entry> quarantined = Quarantine.of(examSet);
        List<PredictionsFile.Loaded> loaded = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (Path p : predictions) {
            PredictionsFile.Loaded file = PredictionsFile.read(p, questions, quarantined);
            boolean fromSqlite =
                    dialect.equals("sqlite")
                            || dialect.equals("auto")
                                    && (file.format() == PredictionsFile.Format.BIRD
                                            || file.format() == PredictionsFile.Format.SPIDER);
            if (fromSqlite) {
                file = sqlite.convert(file);
                System.out.println(
                        "[sqlexam] "
                                + p
                                + ": SQLite predictions, converted as imported SQLite golds are (--dialect postgres runs them as written)");
            }
            String label = file.label();
            for (int n = 2; !labels.add(label); n++) label = file.label() + "-" + n;
            loaded.add(file.withLabel(label));
        }
        Path outRoot = out != null ? out : Home.resolve().resolve("runs");
        RunResult result =
                new GradeRun(settings, examSet, loaded, outRoot, runId, System.out)
                        .run(dev.sqlexam.jobs.runtime.FlinkTarget.of(settings));
        if (result.summary().variants().isEmpty()) return ExitCode.NO_RESULT.code;
        if (settings.get(SqlExamOptions.R_VES_ITERATIONS) > 0) {
            RewardVesRun.run(settings, examSet, result.outDir(), System.out);
        }
        return ExitCode.DONE.code;
    }
}
