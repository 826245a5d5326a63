package dev.sqlexam.watch;

/**
 * One-sided binomial tail probabilities, summed in log space so that large windows do not
 * underflow.
 */
final class Binomial {

    private Binomial() {}

    /** P(X ≥ k) when {@code upper}, else P(X ≤ k), for X ~ Binomial(n, p). */
    static double tail(long n, long k, double p, boolean upper) {
        if (p <= 0) return upper ? (k <= 0 ? 1 : 0) : 1;
        if (p >= 1) return upper ? 1 : (k >= n ? 1 : 0);
        long from = upper ? Math.max(0, k) : 0;
        long to = upper ? n : Math.min(n, k);
        if (from > to) return 0;
        double logP = Math.log(p), logQ = Math.log1p(-p);
        double logChoose = 0;
        for (long i = 1; i <= from; i++) logChoose += Math.log(n - i + 1) - Math.log(i);
        double[] terms = new double[(int) (to - from + 1)];
        double max = Double.NEGATIVE_INFINITY;
        for (long i = from; i <= to; i++) {
            if (i > from) logChoose += Math.log(n - i + 1) - Math.log(i);
            double t = logChoose + i * logP + (n - i) * logQ;
            terms[(int) (i - from)] = t;
            max = Math.max(max, t);
        }
        double sum = 0;
        for (double t : terms) sum += Math.exp(t - max);
        return Math.min(1, Math.exp(max + Math.log(sum)));
    }
}
