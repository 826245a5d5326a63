package dev.sqlexam.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The summary of an exam run, as written to summary.json and the exam.runs row. */
public record ExamSummary(
        String runId,
        String examSet,
        String generator,
        String generatorReason,
        boolean selfCheck,
        long rejectedLines,
        double durationSeconds,
        long subgraphCacheHits,
        long subgraphCacheMisses,
        List<VariantSummary> variants,
        List<PairedComparison> comparisons) {

    /** One config variant: its accuracy over repetitions and its breakdowns (all repetitions pooled). */
    public record VariantSummary(
            String variant,
            int runs,
            long questions,
            double accuracy,
            double accuracyStd,
            double lenientAccuracy,
            List<Double> accuracyPerRun,
            Counts overall,
            Map<String, Counts> byDifficulty,
            Map<String, Counts> byModule,
            Map<String, Counts> byCategory,
            Map<String, Long> reasons,
            long latencyP50Ms,
            long latencyP95Ms,
            long latencyMaxMs,
            long goldExecP50Ms,
            long predExecP50Ms,
            RetrievalStats retrieval,
            Funnel funnel) {}

    /** Run-level facts the records do not carry. */
    public record Context(String runId, String examSet, String generator, String generatorReason, boolean selfCheck, long rejectedLines,
            double durationSeconds, long subgraphCacheHits, long subgraphCacheMisses) {}

    public static ExamSummary of(SummaryAccumulator accumulator, Context context) {
        List<VariantSummary> variants = new ArrayList<>();
        accumulator.runs().forEach((variant, reps) -> {
            RunStats pooled = new RunStats();
            List<Double> perRun = new ArrayList<>();
            for (RunStats stats : reps.values()) {
                pooled.addAll(stats);
                perRun.add(stats.overall().getAccuracy());
            }
            double mean = perRun.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            double variance = perRun.size() < 2 ? 0
                    : perRun.stream().mapToDouble(a -> (a - mean) * (a - mean)).sum() / (perRun.size() - 1);
            long questionsPerRun = reps.values().iterator().next().overall().getTotal();
            variants.add(new VariantSummary(variant, reps.size(), questionsPerRun, mean, Math.sqrt(variance),
                    pooled.overall().getLenientAccuracy(), perRun, pooled.overall(),
                    new LinkedHashMap<>(pooled.byDifficulty()), new LinkedHashMap<>(pooled.byModule()),
                    new LinkedHashMap<>(pooled.byCategory()), new LinkedHashMap<>(pooled.reasons()),
                    pooled.latencyQuantile(0.5), pooled.latencyQuantile(0.95), pooled.latencyQuantile(1.0), pooled.goldQuantile(0.5),
                    pooled.predictionQuantile(0.5), pooled.retrieval(),
                    pooled.funnel()));
        });
        return new ExamSummary(context.runId(), context.examSet(), context.generator(), context.generatorReason(), context.selfCheck(),
                context.rejectedLines(), context.durationSeconds(), context.subgraphCacheHits(), context.subgraphCacheMisses(), variants,
                variants.size() > 1 ? PairedComparison.all(accumulator.firstRunCorrect()) : List.of());
    }
}
