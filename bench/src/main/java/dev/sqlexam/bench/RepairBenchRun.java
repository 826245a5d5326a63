package dev.sqlexam.bench;

import dev.sqlexam.config.Settings;
import dev.sqlexam.repair.RepairLoop;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code bench repair}: typical model mistakes injected into every gold query of an exam set, only
 * the deterministic repairs run, and the table of what they restored.
 *
 * @param examSet null: ERP's
 * @param showFailures also list every case counted as a failure, with its SQL
 */
public record RepairBenchRun(Settings settings, Path examSet, boolean showFailures) {

    public void run(PrintStream out) throws Exception {
        BenchExamSet set = BenchExamSet.read(examSet);
        long start = System.nanoTime();
        try (BenchDatabases dbs = BenchDatabases.open(settings, set.questions())) {
            RepairBench.Report report =
                    new RepairBench(RepairLoop.Settings.from(settings))
                            .run(set.questions(), dbs.byName());
            out.printf(
                    "repair bench: %d questions from %s, deterministic repairs only (no model), %.1f s%n%n",
                    set.questions().size(), set.name(), BenchFloors.seconds(start));
            if (showFailures) RepairBench.printFailures(report, out);
            RepairBench.print(report, out);
        }
    }
}
