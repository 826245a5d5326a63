package dev.sqlexam.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Error bars for a mean over questions (an accuracy, or a paired difference of accuracies), as
 * Miller, "Adding Error Bars to Evals" (2024) advises: each question contributes its mean over
 * runs; the standard error is clustered by database when the exam spans several (questions on one
 * database are not independent); a percentile bootstrap resamples questions, or whole databases
 * when clustered, with a fixed seed.
 */
public final class ErrorBars {

    /** z for a two-sided 95% interval and for 80% power. */
    static final double Z_95 = 1.959963984540054;

    static final double Z_80 = 0.8416212335729143;
    public static final int RESAMPLES = 10_000;
    public static final long SEED = 42L;

    private ErrorBars() {}

    /** One question's value (its mean over runs) and the database it is asked on. */
    public record Unit(double value, String cluster) {}

    public static double mean(List<Unit> units) {
        return units.stream().mapToDouble(Unit::value).average().orElse(0);
    }

    /** The central-limit standard error of the mean: sqrt(sample variance / n). */
    public static double standardError(List<Unit> units) {
        int n = units.size();
        if (n < 2) return 0;
        double m = mean(units);
        double ss = 0;
        for (Unit u : units) ss += (u.value() - m) * (u.value() - m);
        return Math.sqrt(ss / (n - 1) / n);
    }

    /**
     * The clustered standard error (Miller's eq. 4): SE_CLT² plus, over each cluster, the products
     * of the deviations of distinct questions in it, divided by n². Equal to {@link #standardError}
     * when every question is its own cluster.
     */
    public static double clusteredStandardError(List<Unit> units) {
        int n = units.size();
        if (n < 2) return 0;
        double m = mean(units);
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (Unit u : units) {
            double[] s = sums.computeIfAbsent(u.cluster(), c -> new double[2]);
            double d = u.value() - m;
            s[0] += d;
            s[1] += d * d;
        }
        double cross = 0;
        for (double[] s : sums.values()) cross += s[0] * s[0] - s[1];
        double se2 = Math.pow(standardError(units), 2) + cross / ((double) n * n);
        return Math.sqrt(Math.max(0, se2));
    }

    public static int clusters(List<Unit> units) {
        return (int) units.stream().map(Unit::cluster).distinct().count();
    }

    /**
     * The standard error that respects the design: clustered when the questions come from more than
     * one database.
     */
    public static double designStandardError(List<Unit> units) {
        return clusters(units) > 1 ? clusteredStandardError(units) : standardError(units);
    }

    /**
     * A percentile bootstrap 95% interval of the mean: {@code resamples} resamples of questions, or
     * of databases (each bringing all its questions) when {@code byCluster}; the same seed gives
     * the same interval.
     */
    public static double[] bootstrap95(
            List<Unit> units, boolean byCluster, int resamples, long seed) {
        return bootstrap95(units, byCluster, resamples, seed, true);
    }

    /** As {@link #bootstrap95(List, boolean, int, long)}; {@code keptDraws} false draws anew. */
    static double[] bootstrap95(
            List<Unit> units, boolean byCluster, int resamples, long seed, boolean keptDraws) {
        if (units.isEmpty()) return new double[] {0, 0};
        // each group's sum of values and its size, side by side in two arrays: a list of pairs
        // chases a pointer per draw, paid by every paired comparison (docs/benchmarks.md)
        double[] sums;
        double[] sizes;
        if (byCluster) {
            Map<String, double[]> byName = new LinkedHashMap<>();
            for (Unit u : units) {
                double[] s = byName.computeIfAbsent(u.cluster(), c -> new double[2]);
                s[0] += u.value();
                s[1] += 1;
            }
            sums = new double[byName.size()];
            sizes = new double[byName.size()];
            int i = 0;
            for (double[] s : byName.values()) {
                sums[i] = s[0];
                sizes[i++] = s[1];
            }
        } else {
            sums = new double[units.size()];
            sizes = new double[units.size()];
            for (int i = 0; i < sums.length; i++) {
                sums[i] = units.get(i).value();
                sizes[i] = 1;
            }
        }
        int g = sums.length;
        int[] picks = keptDraws ? BootstrapDraws.of(seed, g, resamples) : null;
        SplittableRandom random = picks == null ? new SplittableRandom(seed) : null;
        double[] means = new double[resamples];
        int drawn = 0;
        for (int r = 0; r < resamples; r++) {
            double sum = 0, count = 0;
            for (int i = 0; i < g; i++) {
                int pick = picks != null ? picks[drawn++] : random.nextInt(g);
                sum += sums[pick];
                count += sizes[pick];
            }
            means[r] = sum / count;
        }
        java.util.Arrays.sort(means);
        return new double[] {percentile(means, 0.025), percentile(means, 0.975)};
    }

    private static double percentile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    /**
     * The smallest true difference a two-sided 5% test detects with 80% power, given the
     * difference's standard error.
     */
    public static double minimumDetectableEffect(double standardError) {
        return (Z_95 + Z_80) * standardError;
    }
}
