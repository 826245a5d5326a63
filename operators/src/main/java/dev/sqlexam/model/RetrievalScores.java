package dev.sqlexam.model;

import java.io.Serializable;
import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Precision, recall and F1 of retrieved tables against the gold tables, and whether recall is full.
 */
public record RetrievalScores(
        double precision, double recall, double f1, boolean fullRecall, int retrieved, int gold)
        implements Serializable {

    public static RetrievalScores of(Collection<String> retrieved, Collection<String> gold) {
        Set<String> r = normalise(retrieved);
        Set<String> g = normalise(gold);
        if (g.isEmpty()) return new RetrievalScores(0, 0, 0, false, r.size(), 0);
        Set<String> hit = new HashSet<>(r);
        hit.retainAll(g);
        double p = r.isEmpty() ? 0 : (double) hit.size() / r.size();
        double rec = (double) hit.size() / g.size();
        double f1 = p + rec == 0 ? 0 : 2 * p * rec / (p + rec);
        return new RetrievalScores(p, rec, f1, hit.size() == g.size(), r.size(), g.size());
    }

    /** public.x and x are the same table; quotes and case of plain names do not matter. */
    static Set<String> normalise(Collection<String> names) {
        Set<String> out = new HashSet<>();
        for (String n : names) {
            String s = n.replace("\"", "");
            if (s.startsWith("public.")) s = s.substring("public.".length());
            out.add(s.toLowerCase(Locale.ROOT));
        }
        return out;
    }
}
