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
        long both = 0, onlyA = 0, onlyB = 0, neither = 0;
        List<ErrorBars.Unit> diffs = new ArrayList<>();
        double sumA = 0, sumB = 0;
        for (QuestionOutcomes.Outcome[] p : pairs) {
            Integer run =
                    p[0].correct.firstKey().equals(p[1].correct.firstKey())
                            ? p[0].correct.firstKey()
                            : null;
            if (run == null) {
                for (Integer r : p[0].correct.keySet()) {
                    if (p[1].correct.containsKey(r)) {
                        run = r;
                        break;
                    }
                }
            }
            if (run != null) {
                boolean ca = p[0].correct.get(run), cb = p[1].correct.get(run);
                if (ca && cb) both++;
                else if (ca) onlyA++;
                else if (cb) onlyB++;
                else neither++;
            }
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
        double p = mcNemarExact(onlyA, onlyB);
        return new PairedComparison(
                a,
                b,
                n,
                both,
                onlyA,
                onlyB,
                neither,
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
