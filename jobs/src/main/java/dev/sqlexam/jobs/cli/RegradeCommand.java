package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.exam.RegradeRun;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.runtime.FlinkTarget;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.concurrent.Callable;

/** {@code sqlexam regrade}: re-execute a run's logged SQL and grade it with today's grader. */
@Command(
        name = "regrade",
        mixinStandardHelpOptions = true,
        description =
                "Re-execute the SQL an earlier run logged and grade it with today's grader (no model is called). Writes a new run "
                        + "and changes.jsonl: every question whose verdict or reason changed, before and after.")
final class RegradeCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "RUN_DIR",
            description = "The run's folder (runs/<run-id>).")
    Path runDir;

    @Option(
            names = "--exam-set",
            description = "The exam set the run answered. Default: the one its run.json names.")
    Path examSet;

    @Option(
            names = "--out",
            description =
                    "Folder for run outputs; the new run writes <out>/<run-id>/. Default: runs.")
    Path out;

    @Option(names = "--run-id", description = "Run id of the new run (default: a timestamp).")
    String runId;

    @Mixin CommonOptions common;

    @Mixin ResultOptions results;

    @Mixin TestSuiteOption testSuite;

    @Override
    public Integer call() throws Exception {
        results.thresholds();
        Path outRoot = out != null ? out : Home.resolve().resolve("runs");
        var settings = common.settings(testSuite.apply(new HashMap<>()));
        FlinkTarget target = FlinkTarget.local();
        target.prepare(settings.get(SqlExamOptions.PARALLELISM));
        var result =
                new RegradeRun(settings, runDir, examSet, outRoot, runId, results.console())
                        .run(target);
        return results.finish(result.run());
    }
}
