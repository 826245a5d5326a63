package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.run.Thresholds;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What a grading command's result is for a machine: {@code --fail-under METRIC=VALUE}, a CI gate
 * (exit 5 when a column falls under), and {@code --json}, one JSON result line per column on stdout
 * (the console's text then goes to stderr).
 */
final class ResultOptions {

    @Option(
            names = "--fail-under",
            paramLabel = "METRIC=VALUE",
            description =
                    "Exit 5 when a column's METRIC is under VALUE, a fraction (0.8) or a percentage (80%%);"
                            + " repeatable. METRIC: ex, lenient_ex, non_empty_ex, bird_ex, soft_f1, spider_ex,"
                            + " spider_ts, exam_db_ex (docs/outputs.md). A metric the run did not measure fails.")
    List<String> failUnder = new ArrayList<>();

    @Option(
            names = "--json",
            description =
                    "Print one JSON result line per column on stdout (metrics as fractions, the gate's verdict);"
                            + " the console's text goes to stderr.")
    boolean json;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** The thresholds, refused before any setup when one is not METRIC=VALUE. */
    Thresholds thresholds() {
        try {
            return Thresholds.parse(failUnder);
        } catch (IllegalArgumentException e) {
            List<String> near = new ArrayList<>();
            for (String given : failUnder) {
                String metric = given.contains("=") ? given.substring(0, given.indexOf('=')) : "";
                if (!metric.isEmpty() && !Thresholds.metricNames().contains(metric))
                    near = UsageErrors.nearest(metric, Thresholds.metricNames());
            }
            throw new UsageErrors.Suggesting(command.commandLine(), e.getMessage(), near);
        }
    }

    /** Where the command's text goes: stderr when stdout holds the JSON lines. */
    PrintStream console() {
        return json ? System.err : System.out;
    }

    /**
     * The exit code of {@code result}, its JSON lines printed and the gate's verdict said: nothing
     * graded (4), a column under a threshold (5), else done (0).
     */
    int finish(RunResult result) {
        if (result.gradedNothing()) return ExitCode.NO_RESULT.code;
        boolean met = thresholds().met(result, console(), json ? System.out : null);
        return met ? ExitCode.DONE.code : ExitCode.BELOW_THRESHOLD.code;
    }
}
