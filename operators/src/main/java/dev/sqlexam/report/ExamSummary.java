package dev.sqlexam.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
        Sharing sharing,
        List<VariantSummary> variants,
        List<PairedComparison> comparisons,
        long disagreements) {

    /**
     * One config variant: its metrics over repetitions (mean ± std, min–max), per-question
     * statistics, and its breakdowns (all repetitions pooled).
     */
    public record VariantSummary(
            String variant,
            String description,
            Map<String, Object> differences,
            int runs,
            long questions,
            double accuracy,
            double accuracyStd,
            double lenientAccuracy,
            List<Double> accuracyPerRun,
            Map<String, Spread> metrics,
            QuestionOutcomes.PerQuestion perQuestion,
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

    /**
     * What a variant is, as the run knows it: a description, how it differs from the reference, its
     * token prices.
     */
    public record VariantInfo(
            String name,
            String description,
            Map<String, Object> differences,
            double per1kPrompt,
            double per1kCompletion) {

        public static VariantInfo unnamed(String name) {
            return new VariantInfo(name, null, Map.of(), 0, 0);
        }
    }

    /**
     * Work done once for several variants or runs: retrievals per question, generations per
     * question and run, gold queries run.
     */
    public record Sharing(
            int variants,
            int runs,
            int retrievalsPerQuestion,
            int generationsPerQuestionAndRun,
            long goldExecutions,
            long questions) {

        public String describe() {
            return String.format(
                    Locale.ROOT,
                    "%d variant(s) × %d run(s): retrieval %d per question (%d without sharing), "
                            + "generation %d per question and run (%d), gold queries run %d for %d question(s) (%d)",
                    variants,
                    runs,
                    retrievalsPerQuestion,
                    variants * runs,
                    generationsPerQuestionAndRun,
                    variants,
                    goldExecutions,
                    questions,
                    (long) variants * runs * questions);
        }
    }

    /**
     * Run-level facts the records do not carry; {@code variants} in the run's order, the reference
     * first.
     */
    public record Context(
            String runId,
            String examSet,
            Authors authors,
            long rejectedLines,
            double durationSeconds,
            CacheCounts subgraphCache,
            List<VariantInfo> variants,
            Sharing sharing) {}

    /** Who wrote a run's SQL: its generator, why it was chosen, whether it is the self-check. */
    public record Authors(String generator, String reason, boolean selfCheck) {}

    /** A cache's hits and misses over a run. */
    public record CacheCounts(long hits, long misses) {

        public static final CacheCounts NONE = new CacheCounts(0, 0);
    }

    public static ExamSummary of(SummaryAccumulator accumulator, Context context) {
        List<String> order = order(accumulator, context);
        Map<String, VariantInfo> info = new LinkedHashMap<>();
        for (VariantInfo v : context.variants()) info.put(v.name(), v);
        List<VariantSummary> variants = new ArrayList<>();
        for (String variant : order) {
            VariantInfo about = info.getOrDefault(variant, VariantInfo.unnamed(variant));
            variants.add(variant(accumulator, variant, about));
        }
        List<String[]> pairs = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            for (int j = i + 1; j < order.size(); j++)
                pairs.add(new String[] {order.get(i), order.get(j)});
        }
        // each comparison bootstraps with its own seeded generator over outcomes nobody changes
        // any more: on the cores side by side, in the same order and with the same figures (12
        // graded files are 66 pairs)
        List<PairedComparison> comparisons =
                pairs.parallelStream()
                        .map(p -> accumulator.outcomes().compare(p[0], p[1]))
                        .toList();
        return new ExamSummary(
                context.runId(),
                context.examSet(),
                context.authors().generator(),
                context.authors().reason(),
                context.authors().selfCheck(),
                context.rejectedLines(),
                context.durationSeconds(),
                context.subgraphCache().hits(),
                context.subgraphCache().misses(),
                context.sharing(),
                variants,
                comparisons,
                accumulator.outcomes().disagreements(order).size());
    }

    /**
     * One variant's summary: each run's metrics spread over the runs, the breakdowns of all runs
     * pooled.
     */
    private static VariantSummary variant(
            SummaryAccumulator accumulator, String variant, VariantInfo about) {
        Map<Integer, RunStats> reps = accumulator.runs().get(variant);
        RunStats pooled = new RunStats();
        List<Map<String, Double>> perRunMetrics = new ArrayList<>();
        for (RunStats stats : reps.values()) {
            pooled.addAll(stats);
            perRunMetrics.add(RunMetrics.of(stats, about));
        }
        Map<String, Spread> metrics = spreads(perRunMetrics);
        List<Double> perRun = perRunMetrics.stream().map(m -> m.get(RunMetrics.STRICT)).toList();
        Spread accuracy = metrics.get(RunMetrics.STRICT);
        long questionsPerRun = reps.values().iterator().next().overall().getTotal();
        return new VariantSummary(
                variant,
                about.description(),
                about.differences(),
                reps.size(),
                questionsPerRun,
                accuracy.mean(),
                accuracy.std(),
                pooled.overall().getLenientAccuracy(),
                perRun,
                metrics,
                accumulator.outcomes().perQuestion(variant),
                pooled.overall(),
                new LinkedHashMap<>(pooled.byDifficulty()),
                new LinkedHashMap<>(pooled.byModule()),
                new LinkedHashMap<>(pooled.byCategory()),
                new LinkedHashMap<>(pooled.reasons()),
                pooled.latencyQuantile(0.5),
                pooled.latencyQuantile(0.95),
                pooled.latencyQuantile(1.0),
                pooled.goldQuantile(0.5),
                pooled.predictionQuantile(0.5),
                pooled.retrieval(),
                pooled.funnel());
    }

    /** Each metric's spread over the runs, in the first run's order of metrics. */
    private static Map<String, Spread> spreads(List<Map<String, Double>> perRunMetrics) {
        Map<String, Spread> metrics = new LinkedHashMap<>();
        for (String name : perRunMetrics.get(0).keySet()) {
            metrics.put(name, Spread.of(perRunMetrics.stream().map(m -> m.get(name)).toList()));
        }
        return metrics;
    }

    /**
     * The run's variants in its own order (the reference first), then any the records name that the
     * run did not.
     */
    public static List<String> order(SummaryAccumulator accumulator, Context context) {
        List<String> order = new ArrayList<>();
        for (VariantInfo v : context.variants())
            if (accumulator.runs().containsKey(v.name())) order.add(v.name());
        accumulator.runs().keySet().stream()
                .filter(v -> !order.contains(v))
                .sorted(Comparator.naturalOrder())
                .forEach(order::add);
        return order;
    }
}
