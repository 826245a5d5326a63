package dev.sqlexam.retrieval;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Okapi BM25 over a fixed set of documents (seed 001: k1 = 1.5, b = 0.75). */
public final class Bm25 {

    static final Set<String> STOP =
            Set.of(
                    "a", "an", "and", "are", "as", "at", "be", "by", "did", "do", "does", "each",
                    "for", "from", "has", "have", "how", "in", "is", "it", "many", "me", "much",
                    "of", "on", "or", "our", "show", "that", "the", "their", "there", "this", "to",
                    "us", "was", "we", "were", "what", "when", "which", "who", "with", "give",
                    "list");

    private final double k1;
    private final double b;
    private final List<Map<String, Integer>> termFreqs = new ArrayList<>();
    private final int[] lengths;
    private final Map<String, Integer> docFreq = new HashMap<>();
    private final double avgLength;

    public Bm25(List<String> documents, double k1, double b) {
        this.k1 = k1;
        this.b = b;
        this.lengths = new int[documents.size()];
        long total = 0;
        for (int i = 0; i < documents.size(); i++) {
            Map<String, Integer> tf = new HashMap<>();
            List<String> tokens = tokenize(documents.get(i));
            for (String t : tokens) tf.merge(t, 1, Integer::sum);
            for (String t : tf.keySet()) docFreq.merge(t, 1, Integer::sum);
            termFreqs.add(tf);
            lengths[i] = tokens.size();
            total += tokens.size();
        }
        this.avgLength = documents.isEmpty() ? 0 : (double) total / documents.size();
    }

    public static List<String> tokenize(String text) {
        List<String> out = new ArrayList<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (w.length() < 2 || STOP.contains(w)) continue;
            out.add(stem(w));
        }
        return out;
    }

    /** A light suffix stemmer: employees → employee, orders → order, shipped → ship. */
    static String stem(String w) {
        if (w.length() > 4 && w.endsWith("ies")) return w.substring(0, w.length() - 3) + "y";
        if (w.length() > 4 && w.endsWith("ing")) return w.substring(0, w.length() - 3);
        if (w.length() > 3 && w.endsWith("ed")) return w.substring(0, w.length() - 2);
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss"))
            return w.substring(0, w.length() - 1);
        return w;
    }

    public double score(List<String> queryTerms, int doc) {
        Map<String, Integer> tf = termFreqs.get(doc);
        double score = 0;
        int n = termFreqs.size();
        for (String term : queryTerms) {
            Integer f = tf.get(term);
            if (f == null) continue;
            int df = docFreq.getOrDefault(term, 0);
            double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
            score += idf * (f * (k1 + 1)) / (f + k1 * (1 - b + b * lengths[doc] / avgLength));
        }
        return score;
    }

    public int size() {
        return termFreqs.size();
    }
}
