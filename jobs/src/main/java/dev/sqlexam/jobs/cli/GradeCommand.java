package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.exam.GradeRun;
import dev.sqlexam.jobs.exam.RewardVesRun;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
            paramLabel = "[NAME=]PATH",
            description =
                    "A predictions file (repeatable: one summary column each). NAME=PATH names its column;"
                            + " by default the system the file names, else the file's name (with its folder's where two"
                            + " files share one).")
    List<String> predictions;

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

    @Mixin ResultOptions results;

    @Mixin TestSuiteOption testSuite;

    @Mixin ClusterOption cluster;

    @Spec CommandSpec spec;

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
        results.thresholds();
        List<GradeRun.Submission> files = new ArrayList<>();
        for (String given : predictions) {
            try {
                files.add(GradeRun.Submission.parse(given));
            } catch (IllegalArgumentException e) {
                throw UsageErrors.of(spec, e.getMessage());
            }
        }
        Map<String, String> extra = new HashMap<>();
        if (rVes != null) extra.put(SqlExamOptions.R_VES_ITERATIONS.key(), rVes.toString());
        var settings = common.settings(testSuite.apply(cluster.apply(extra)));
        FlinkTarget target = FlinkTarget.of(settings);
        target.prepare(settings.get(SqlExamOptions.PARALLELISM));
        Path outRoot = out != null ? out : Home.resolve().resolve("runs");
        RunResult result =
                GradeRun.ofFiles(
                                settings,
                                examSet,
                                files,
                                dialect,
                                outRoot,
                                runId,
                                results.console())
                        .run(target);
        if (!result.gradedNothing() && settings.get(SqlExamOptions.R_VES_ITERATIONS) > 0) {
            RewardVesRun.run(settings, examSet, result.outDir(), results.console());
        }
        return results.finish(result);
    }
}
