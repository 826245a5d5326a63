package dev.sqlexam.jobs.run;

import dev.sqlexam.json.Json;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.report.ResultGate;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's CI gate: the thresholds of {@code --fail-under METRIC=VALUE}, held against each column of
 * its summary, and its {@code --json} result lines.
 */
public final class Thresholds {

    private final List<ResultGate.Threshold> thresholds;

    private Thresholds(List<ResultGate.Threshold> thresholds) {
        this.thresholds = List.copyOf(thresholds);
    }

    /** {@code given} parsed; an IllegalArgumentException says which one is wrong and why. */
    public static Thresholds parse(List<String> given) {
        List<ResultGate.Threshold> out = new ArrayList<>();
        for (String g : given) out.add(ResultGate.Threshold.parse(g));
        return new Thresholds(out);
    }

    /** Every metric name a threshold may use. */
    public static List<String> metricNames() {
        return ResultGate.names();
    }

    /**
     * Holds every column of {@code result} to the thresholds: what falls under goes to {@code
     * console}, each column's JSON line to {@code lines} (null: none). True when every column met
     * every threshold.
     */
    public boolean met(RunResult result, PrintStream console, PrintStream lines) {
        boolean met = true;
        for (ExamSummary.VariantSummary column : result.summary().variants()) {
            var shortfalls = ResultGate.shortfalls(column, thresholds);
            for (var s : shortfalls)
                console.println(
                        "[sqlexam] --fail-under: " + column.variant() + ": " + s.describe());
            met &= shortfalls.isEmpty();
            if (lines != null)
                lines.println(
                        Json.write(
                                ResultGate.resultLine(
                                        result.runId(),
                                        result.outDir().toString(),
                                        column,
                                        thresholds)));
        }
        if (lines != null) lines.flush();
        if (!thresholds.isEmpty() && met)
            console.println("[sqlexam] --fail-under: every column meets every threshold");
        return met;
    }
}
