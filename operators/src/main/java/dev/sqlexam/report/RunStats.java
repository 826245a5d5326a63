package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Everything the summary needs from one repetition of one variant. */
public final class RunStats implements Serializable {

    private final Counts overall = new Counts();
    private final Map<String, Counts> byDifficulty = new TreeMap<>();
    private final Map<String, Counts> byModule = new TreeMap<>();
    private final Map<String, Counts> byCategory = new TreeMap<>();
    private final Map<String, Long> reasons = new TreeMap<>();
    private final List<Long> latenciesMs = new ArrayList<>();
    private final List<Long> goldMs = new ArrayList<>();
    private final List<Long> predMs = new ArrayList<>();
    private final RetrievalStats retrieval = new RetrievalStats();
    private final Funnel funnel = new Funnel();
    private long promptTokens;
    private long completionTokens;
    private double reportedCost;

    void add(ExamRecord record) {
        overall.add(record);
        byDifficulty.computeIfAbsent(orUnset(record.difficulty()), k -> new Counts()).add(record);
        byModule.computeIfAbsent(orUnset(record.module()), k -> new Counts()).add(record);
        byCategory.computeIfAbsent(orUnset(record.category()), k -> new Counts()).add(record);
        reasons.merge(record.reason(), 1L, Long::sum);
        latenciesMs.add(record.totalMs());
        goldMs.add(record.goldMs());
        if (record.predSql() != null) predMs.add(record.predMs());
        retrieval.add(record);
        funnel.add(record);
        if (record.generation() != null) {
            promptTokens += record.generation().promptTokens();
            completionTokens += record.generation().completionTokens();
            if (record.generation().cost() != null) reportedCost += record.generation().cost();
        }
    }

    void addAll(RunStats other) {
        overall.addAll(other.overall);
        other.byDifficulty.forEach(
                (k, v) -> byDifficulty.computeIfAbsent(k, x -> new Counts()).addAll(v));
        other.byModule.forEach((k, v) -> byModule.computeIfAbsent(k, x -> new Counts()).addAll(v));
        other.byCategory.forEach(
                (k, v) -> byCategory.computeIfAbsent(k, x -> new Counts()).addAll(v));
        other.reasons.forEach((k, v) -> reasons.merge(k, v, Long::sum));
        latenciesMs.addAll(other.latenciesMs);
        goldMs.addAll(other.goldMs);
        predMs.addAll(other.predMs);
        retrieval.addAll(other.retrieval);
        funnel.addAll(other.funnel);
        promptTokens += other.promptTokens;
        completionTokens += other.completionTokens;
        reportedCost += other.reportedCost;
    }

    public long promptTokens() {
        return promptTokens;
    }

    public long completionTokens() {
        return completionTokens;
    }

    /** The sum of the costs predictions files reported. */
    public double reportedCost() {
        return reportedCost;
    }

    public Funnel funnel() {
        return funnel;
    }

    public RetrievalStats retrieval() {
        return retrieval;
    }

    private static String orUnset(String value) {
        return value == null ? "(none)" : value;
    }

    public Counts overall() {
        return overall;
    }

    public Map<String, Counts> byDifficulty() {
        return byDifficulty;
    }

    public Map<String, Counts> byModule() {
        return byModule;
    }

    public Map<String, Counts> byCategory() {
        return byCategory;
    }

    public Map<String, Long> reasons() {
        return reasons;
    }

    /** The q-quantile (0..1) of end-to-end question latency, nearest rank. */
    public long latencyQuantile(double q) {
        return quantile(latenciesMs, q);
    }

    /** The q-quantile of the gold queries' and of the predictions' execution times. */
    public long goldQuantile(double q) {
        return quantile(goldMs, q);
    }

    public long predictionQuantile(double q) {
        return quantile(predMs, q);
    }

    private static long quantile(List<Long> values, double q) {
        return Quantiles.nearestRank(values, q);
    }
}
