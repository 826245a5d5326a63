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
    private final double avgLength;

    /** Per term, the documents holding it and how often, in document order, and its idf. */
    private record Postings(int[] docs, int[] freqs, double idf) {}

    private final Map<String, Postings> postings = new HashMap<>();

    public Bm25(List<String> documents, double k1, double b) {
        this.k1 = k1;
        this.b = b;
        this.lengths = new int[documents.size()];
        long total = 0;
        // per term, {document, frequency} in document order
        Map<String, List<int[]>> holders = new HashMap<>();
        for (int i = 0; i < documents.size(); i++) {
            Map<String, Integer> tf = new HashMap<>();
            List<String> tokens = tokenize(documents.get(i));
            for (String t : tokens) tf.merge(t, 1, Integer::sum);
            int doc = i;
            tf.forEach(
                    (t, f) ->
                            holders.computeIfAbsent(t, k -> new ArrayList<>())
                                    .add(new int[] {doc, f}));
            termFreqs.add(tf);
            lengths[i] = tokens.size();
            total += tokens.size();
        }
        this.avgLength = documents.isEmpty() ? 0 : (double) total / documents.size();
        int n = documents.size();
        holders.forEach(
                (term, held) -> {
                    int[] docs = new int[held.size()];
                    int[] freqs = new int[held.size()];
                    for (int j = 0; j < docs.length; j++) {
                        docs[j] = held.get(j)[0];
                        freqs[j] = held.get(j)[1];
                    }
                    double idf = Math.log(1 + (n - docs.length + 0.5) / (docs.length + 0.5));
                    postings.put(term, new Postings(docs, freqs, idf));
                });
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
        for (String term : queryTerms) {
            Integer f = tf.get(term);
            if (f == null) continue;
            score += weight(postings.get(term).idf(), f, doc);
        }
        return score;
    }

    /**
     * Every document's {@link #score}, found through the documents that hold a query term: each
     * document's sum adds the same terms in the same order, so the figures are the same to the bit.
     */
    public double[] scores(List<String> queryTerms) {
        double[] scores = new double[termFreqs.size()];
        for (String term : queryTerms) {
            Postings p = postings.get(term);
            if (p == null) continue;
            for (int j = 0; j < p.docs().length; j++)
                scores[p.docs()[j]] += weight(p.idf(), p.freqs()[j], p.docs()[j]);
        }
        return scores;
    }

    private double weight(double idf, int f, int doc) {
        return idf * (f * (k1 + 1)) / (f + k1 * (1 - b + b * lengths[doc] / avgLength));
    }

    public int size() {
        return termFreqs.size();
    }
}
