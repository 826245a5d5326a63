package dev.sqlexam.retrieval;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Similarity scores compared at a fixed precision (six decimals) with ties broken by name, so that
 * two machines whose embeddings differ in the last bits of a float (another CPU's vector
 * instructions in the ONNX runtime) rank the same entities in the same order. Without it a near-tie
 * flips ranks, rank fusion follows, and so can a question's grade.
 */
public final class StableScores {

    private static final double SCALE = 1e6;

    private StableScores() {}

    /** {@code score} at the precision rankings compare. */
    public static double of(double score) {
        return Math.round(score * SCALE) / SCALE;
    }

    /**
     * The order of hits: stable score descending, then table, then column (a table's own hit
     * first).
     */
    static final Comparator<Hit> ORDER =
            Comparator.comparingDouble((Hit h) -> -of(h.score()))
                    .thenComparing(Hit::table)
                    .thenComparing(h -> h.column() == null ? "" : h.column());

    /**
     * The first {@code k} of {@code hits} in {@link #ORDER}, their scores at the fixed precision
     * and ranks numbered anew.
     */
    static List<Hit> rank(List<Hit> hits, int k) {
        List<Hit> sorted = new ArrayList<>(hits);
        sorted.sort(ORDER);
        List<Hit> out = new ArrayList<>(Math.min(k, sorted.size()));
        for (Hit h : sorted) {
            if (out.size() == k) break;
            out.add(
                    new Hit(
                            h.table(),
                            h.column(),
                            h.module(),
                            h.generic(),
                            of(h.score()),
                            out.size() + 1));
        }
        return out;
    }
}
