package dev.sqlexam.bench;

import dev.sqlexam.bench.ThroughputReport.Row;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static dev.sqlexam.bench.ThroughputReport.f;

/**
 * The {@code cold} row of {@code bench throughput}: {@code ./sqlexam exam} as the README runs it,
 * each time a fresh JVM behind the script (the jar and the private cluster already there), on the
 * embedded defaults with the bench's servers. Its job's q/s is read from the run's summary, as the
 * warm row's; the end-to-end time includes the script's checks, the JVM's start, the set-up steps
 * and the report.
 */
final class ColdExamRow {

    static final int RUNS = 3;
    static final double TARGET_PER_SECOND = 30;

    private final ThroughputBench bench;
    private final ThroughputReport report;
    private final Path home;

    ColdExamRow(ThroughputBench bench, ThroughputReport report, Path home) {
        this.bench = bench;
        this.report = report;
        this.home = home;
    }

    void run(Path work, int questions, double floorPerSecond) throws Exception {
        bench.progress(f("cold exam: ./sqlexam exam, %d fresh JVMs", RUNS));
        List<Measured> runs = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) runs.add(once(work, "bench-cold-" + System.nanoTime()));
        runs.sort(Comparator.comparingDouble(Measured::jobSeconds));
        Measured median = runs.get(RUNS / 2);
        Measured best = runs.get(0);
        report.row(
                new Row(
                        f("./sqlexam exam, fresh JVM, baseline (ERP, %d q)", questions),
                        f(
                                "%.1f q/s (job %.1f s; %.1f s end to end)",
                                questions / median.jobSeconds(),
                                median.jobSeconds(),
                                median.script().seconds()),
                        f("%.1f q/s", floorPerSecond),
                        f("%.2f", questions / median.jobSeconds() / floorPerSecond),
                        f("≥ %.0f q/s cold", TARGET_PER_SECOND),
                        ThroughputReport.atLeast(
                                questions / median.jobSeconds(), TARGET_PER_SECOND),
                        f(
                                "median of %d runs (best %.1f q/s); each a new JVM through the script with its JVM options (class data"
                                        + " sharing archive: %s); peak RSS %d MiB",
                                RUNS,
                                questions / best.jobSeconds(),
                                classDataSharing(),
                                median.script().peakRssBytes() >> 20)));
    }

    private record Measured(ScriptRun script, double jobSeconds) {}

    private Measured once(Path work, String runId) throws Exception {
        Path runs = work.resolve("cold-runs");
        ScriptRun script =
                ScriptRun.of(home, arguments(runs, runId)).requireSuccess("./sqlexam exam");
        JsonNode summary =
                Json.MAPPER.readTree(runs.resolve(runId).resolve("summary.json").toFile());
        return new Measured(script, summary.path("duration_seconds").asDouble());
    }

    private List<String> arguments(Path runs, String runId) {
        List<String> args =
                new ArrayList<>(List.of("exam", "--out", runs.toString(), "--run-id", runId));
        args.addAll(bench.serverArguments());
        return args;
    }

    private String classDataSharing() {
        String off = System.getenv("SQLEXAM_CDS");
        return "off".equals(off) ? "off (SQLEXAM_CDS=off)" : "on";
    }
}
