package dev.sqlexam.bench;

import dev.sqlexam.bench.ThroughputReport.Row;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.model.ExamQuestion;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.sqlexam.bench.ThroughputReport.f;

/**
 * The {@code async} row of {@code bench throughput}: an exam against a loopback model with a fixed
 * latency, and how full the async operator kept its slots.
 */
final class AsyncEfficiencyRow {

    /** Requests in flight per parallel instance (async_capacity). */
    private static final int CAPACITY = 8;

    private final ThroughputBench bench;
    private final ThroughputReport report;
    private final BenchWorkloads workloads;
    private final long latencyMs;

    AsyncEfficiencyRow(
            ThroughputBench bench,
            ThroughputReport report,
            BenchWorkloads workloads,
            long latencyMs) {
        this.bench = bench;
        this.report = report;
        this.workloads = workloads;
        this.latencyMs = latencyMs;
    }

    void run(List<ExamQuestion> erp) throws Exception {
        Settings base = bench.settings(Map.of());
        int parallelism = base.get(SqlExamOptions.PARALLELISM);
        int slots = CAPACITY * parallelism;
        try (LoopbackModel model = new LoopbackModel(latencyMs, 20)) {
            // three times the ERP questions under new ids, so that filling up and draining are a
            // small part of the run
            Path set = workloads.largeExamSet("async", erp, erp.size() * 3);
            ThroughputBench.Run run =
                    bench.exam(
                            f("exam against a %d ms loopback model", latencyMs),
                            set,
                            Map.of(
                                    "generator",
                                    "openai",
                                    "llm_url",
                                    model.url(),
                                    "llm_model",
                                    "bench",
                                    "async_capacity",
                                    Integer.toString(CAPACITY)));
            report.row(row(model.fill(slots), slots, parallelism, run));
        }
    }

    private Row row(LoopbackModel.Fill fill, int slots, int parallelism, ThroughputBench.Run run) {
        double efficiency = fill.mean() / slots;
        double floorSeconds = Math.ceil((double) fill.requests() / slots) * latencyMs / 1000.0;
        return new Row(
                f(
                        "async efficiency, %d ms model, capacity %d×%d",
                        latencyMs, CAPACITY, parallelism),
                f("%.0f%% (mean %.1f in flight)", efficiency * 100, fill.mean()),
                f("%d requests: ≥ %.1f s", fill.requests(), floorSeconds),
                f("%.2f", floorSeconds / run.jobSeconds()),
                "≥ 90%",
                ThroughputReport.atLeast(efficiency, 0.9),
                f(
                        "the figure: mean in flight from the %dth request sent until as many were left to send (before, the slots cannot all be full yet; "
                                + "after, the exam drains); there, in flight p10 %.0f, at capacity %.0f%% of the time; from the first request to the last "
                                + "answer %.0f%%; job %.1f s; mean in flight per tenth of the time until the last answer: %s",
                        slots,
                        fill.p10(),
                        fill.atCapacityShare() * 100,
                        fill.meanWithDrain() / slots * 100,
                        run.jobSeconds(),
                        tenths(fill.samples())));
    }

    private static String tenths(List<Integer> samples) {
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < 10 && !samples.isEmpty(); t++) {
            List<Integer> part =
                    samples.subList(
                            samples.size() * t / 10,
                            Math.max(samples.size() * t / 10 + 1, samples.size() * (t + 1) / 10));
            sb.append(t == 0 ? "" : " ")
                    .append(
                            f(
                                    "%.1f",
                                    part.stream().mapToInt(Integer::intValue).average().orElse(0)));
        }
        return sb.toString();
    }
}
