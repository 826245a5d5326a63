package dev.sqlexam.grading;

import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.util.ArrayList;
import java.util.List;

/**
 * BIRD's reward-based valid efficiency score (R-VES), computed the way BIRD's evaluation_ves.py
 * computes it: a question whose predicted rows equal the gold's as sets is timed {@code iterations}
 * times (gold and prediction in turn), each iteration giving the ratio gold time / prediction time;
 * ratios beyond three standard deviations of their mean are dropped and the rest averaged; the mean
 * ratio earns a reward (≥ 2: 1.25, ≥ 1: 1, ≥ 0.5: 0.75, ≥ 0.25: 0.5, else 0.25; a wrong result 0),
 * and R-VES is the mean of the rewards' square roots × 100 over every question.
 */
public final class RewardVes {

    /**
     * The ratios of one question's iterations, or why it could not be timed (its reward is then 0).
     */
    public record Timing(List<Double> ratios, String failure) {}

    private RewardVes() {}

    public static double reward(double timeRatio) {
        if (timeRatio <= 0) return 0;
        if (timeRatio >= 2) return 1.25;
        if (timeRatio >= 1) return 1;
        if (timeRatio >= 0.5) return 0.75;
        if (timeRatio >= 0.25) return 0.5;
        return 0.25;
    }

    /**
     * The mean of the ratios within three (population) standard deviations of their mean; 0 for
     * none.
     */
    public static double meanRatio(List<Double> ratios) {
        if (ratios.isEmpty()) return 0;
        double mean = ratios.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double variance =
                ratios.stream().mapToDouble(r -> (r - mean) * (r - mean)).average().orElse(0);
        double sd = Math.sqrt(variance);
        List<Double> kept =
                ratios.stream().filter(r -> r > mean - 3 * sd && r < mean + 3 * sd).toList();
        // identical ratios have sd 0 and BIRD's strict bounds keep none of them: their mean is the
        // ratio itself
        return kept.isEmpty()
                ? mean
                : kept.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }

    /**
     * R-VES over {@code questions} questions, given the rewards of those timed (the others earn 0).
     */
    public static double score(List<Double> rewards, int questions) {
        if (questions == 0) return 0;
        return rewards.stream().mapToDouble(Math::sqrt).sum() * 100 / questions;
    }

    /**
     * Times gold and prediction in turn, {@code iterations} times, as the read-only executor runs
     * them.
     */
    public static Timing time(
            ReadOnlyExecutor executor,
            String database,
            String goldSql,
            String predSql,
            int iterations) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            long p0 = System.nanoTime();
            QueryOutcome pred = executor.execute(database, predSql);
            long p1 = System.nanoTime();
            QueryOutcome gold = executor.execute(database, goldSql);
            long g1 = System.nanoTime();
            if (!pred.ok() || !gold.ok()) {
                return new Timing(
                        ratios,
                        (pred.ok() ? "gold" : "prediction")
                                + " failed on iteration "
                                + (i + 1)
                                + ": "
                                + (pred.ok() ? gold.error() : pred.error()));
            }
            ratios.add((double) (g1 - p1) / Math.max(1, p1 - p0));
        }
        return new Timing(ratios, null);
    }
}
