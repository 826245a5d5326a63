package dev.sqlexam.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Two variants graded on the same questions, question by question: how many both got right, only one
 * got right, neither; and McNemar's exact test on the discordant pairs, so a difference of a few points
 * can be told from noise. Only questions both variants graded (no infrastructure failure) are paired.
 */
public record PairedComparison(String a, String b, long paired, long bothCorrect, long onlyA, long onlyB, long bothWrong, double pValue) {

    public static List<PairedComparison> all(Map<String, Map<String, Boolean>> correctByVariant) {
        List<String> variants = new ArrayList<>(correctByVariant.keySet());
        List<PairedComparison> out = new ArrayList<>();
        for (int i = 0; i < variants.size(); i++) {
            for (int j = i + 1; j < variants.size(); j++) {
                out.add(of(variants.get(i), correctByVariant.get(variants.get(i)), variants.get(j), correctByVariant.get(variants.get(j))));
            }
        }
        return out;
    }

    public static PairedComparison of(String a, Map<String, Boolean> byA, String b, Map<String, Boolean> byB) {
        long both = 0, onlyA = 0, onlyB = 0, neither = 0;
        for (Map.Entry<String, Boolean> e : byA.entrySet()) {
            Boolean other = byB.get(e.getKey());
            if (other == null) continue;
            if (e.getValue() && other) both++;
            else if (e.getValue()) onlyA++;
            else if (other) onlyB++;
            else neither++;
        }
        return new PairedComparison(a, b, both + onlyA + onlyB + neither, both, onlyA, onlyB, neither, mcNemarExact(onlyA, onlyB));
    }

    /** Two-sided exact McNemar p-value: the binomial tail of the smaller discordant count at p = 1/2, doubled. */
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
