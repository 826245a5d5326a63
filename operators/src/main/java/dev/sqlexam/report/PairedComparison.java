package dev.sqlexam.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A variant against the reference on the same questions (those both graded; infrastructure failures
 * left out): the first run's 2×2 table (both right, only A, only B, neither) and McNemar's exact
 * test on it; over all runs, the difference of per-question accuracies (B − A) with its standard
 * error (clustered by database when the exam spans several), a paired bootstrap 95% interval
 * (questions, or databases when clustered, resampled; fixed seed) and the minimum detectable effect
 * at 80% power. {@code verdict} says it in words that do not overclaim.
 */
public record PairedComparison(
        String a,
        String b,
        long paired,
        long bothCorrect,
        long onlyA,
        long onlyB,
        long bothWrong,
        double pValue,
        double accuracyA,
        double accuracyB,
        double difference,
        double standardError,
        int clusters,
        double ciLow,
        double ciHigh,
        double minimumDetectableEffect,
        String verdict,
        Map<String, PairedComparison> byDifficulty,
        Map<String, PairedComparison> byModule) {

    static PairedComparison of(
            String a,
            String b,
            List<QuestionOutcomes.Outcome[]> pairs,
            Map<String, PairedComparison> byDifficulty,
            Map<String, PairedComparison> byModule) {
        TwoByTwo table = new TwoByTwo();
        List<ErrorBars.Unit> diffs = new ArrayList<>();
        double sumA = 0, sumB = 0;
        for (QuestionOutcomes.Outcome[] p : pairs) {
            Integer run = sharedRun(p[0], p[1]);
            if (run != null) table.add(p[0].correct.get(run), p[1].correct.get(run));
            sumA += p[0].mean();
            sumB += p[1].mean();
            diffs.add(new ErrorBars.Unit(p[1].mean() - p[0].mean(), p[0].db));
        }
        int n = pairs.size();
        int clusters = ErrorBars.clusters(diffs);
        double difference = ErrorBars.mean(diffs);
        double se = ErrorBars.designStandardError(diffs);
        double[] ci =
                ErrorBars.bootstrap95(diffs, clusters > 1, ErrorBars.RESAMPLES, ErrorBars.SEED);
        double accA = n == 0 ? 0 : sumA / n, accB = n == 0 ? 0 : sumB / n;
        double pooled = (accA + accB) / 2;
        double seForPower = se > 0 ? se : n == 0 ? 0 : Math.sqrt(2 * pooled * (1 - pooled) / n);
        double p = mcNemarExact(table.onlyA, table.onlyB);
        return new PairedComparison(
                a,
                b,
                n,
                table.both,
                table.onlyA,
                table.onlyB,
                table.neither,
                p,
                accA,
                accB,
                difference,
                se,
                clusters,
                ci[0],
                ci[1],
                ErrorBars.minimumDetectableEffect(seForPower),
                verdict(a, b, n, difference, ci, p),
                byDifficulty,
                byModule);
    }

    /**
     * The run the first run's table counts: the first runs of both when they are the same run, else
     * A's earliest run that B also graded; null when they share none.
     */
    private static Integer sharedRun(QuestionOutcomes.Outcome a, QuestionOutcomes.Outcome b) {
        if (a.correct.firstKey().equals(b.correct.firstKey())) return a.correct.firstKey();
        for (Integer r : a.correct.keySet()) {
            if (b.correct.containsKey(r)) return r;
        }
        return null;
    }

    /** The 2×2 table of one run's verdicts: both right, only A, only B, neither. */
    private static final class TwoByTwo {
        long both;
        long onlyA;
        long onlyB;
        long neither;

        void add(boolean correctA, boolean correctB) {
            if (correctA && correctB) both++;
            else if (correctA) onlyA++;
            else if (correctB) onlyB++;
            else neither++;
        }
    }

    static String verdict(String a, String b, long n, double difference, double[] ci, double p) {
        if (n == 0) return "no questions graded by both " + a + " and " + b;
        String interval =
                String.format(
                        Locale.ROOT,
                        "%+.1f points, 95%% CI %+.1f to %+.1f; McNemar p = %.3g",
                        100 * difference,
                        100 * ci[0],
                        100 * ci[1],
                        p);
        if (ci[0] > 0) return b + " is better than " + a + " (" + interval + ")";
        if (ci[1] < 0) return b + " is worse than " + a + " (" + interval + ")";
        return "no significant difference between "
                + b
                + " and "
                + a
                + " ("
                + interval
                + "; the interval spans 0)";
    }

    /**
     * Two-sided exact McNemar p-value: the binomial tail of the smaller discordant count at p =
     * 1/2, doubled.
     */
    public static double mcNemarExact(long onlyA, long onlyB) {
        long n = onlyA + onlyB;
        if (n == 0) return 1.0;
        long k = Math.min(onlyA, onlyB);
        double logHalfN = n * Math.log(0.5);
        double logChoose = 0;
        double tail = 0;
        for (long i = 0; i <= k; i++) {
            if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i);
            tail += Math.exp(logChoose + logHalfN);
        }
        return Math.min(1.0, 2 * tail);
    }
}
