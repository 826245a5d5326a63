package dev.sqlexam.repair;

import dev.sqlexam.model.ColumnMatch;
import dev.sqlexam.schema.Abbreviations;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Candidate columns for a name the database rejected: exact (1.0), token containment with
 * abbreviations expanded (0.85–0.95), else edit-distance similarity (at most 0.9). Best first.
 */
public final class ColumnMatcher {

    static final double MIN_SCORE = 0.5;

    private ColumnMatcher() {}

    /**
     * Candidates for {@code ref} among {@code columns} (table → its columns), best first, those
     * under 0.5 left out.
     */
    public static List<ColumnMatch> matches(String ref, Map<String, Set<String>> columns) {
        List<ColumnMatch> out = new ArrayList<>();
        columns.forEach(
                (table, cols) -> {
                    for (String c : cols) {
                        ColumnMatch m = match(ref, table, c);
                        if (m.score() >= MIN_SCORE) out.add(m);
                    }
                });
        out.sort(
                Comparator.comparingDouble(ColumnMatch::score)
                        .reversed()
                        .thenComparing(ColumnMatch::table)
                        .thenComparing(ColumnMatch::column));
        return out;
    }

    static ColumnMatch match(String ref, String table, String column) {
        String a = ref.toLowerCase(Locale.ROOT);
        String b = column.toLowerCase(Locale.ROOT);
        if (a.equals(b)) return new ColumnMatch(table, column, 1.0, true, false);
        Set<String> ta = tokens(a);
        Set<String> tb = tokens(b);
        if (!ta.isEmpty() && !tb.isEmpty() && (tb.containsAll(ta) || ta.containsAll(tb))) {
            Set<String> shared = new LinkedHashSet<>(ta);
            shared.retainAll(tb);
            double share = (double) shared.size() / Math.max(ta.size(), tb.size());
            return new ColumnMatch(
                    table, column, ta.equals(tb) ? 0.95 : 0.85 + 0.1 * share, false, true);
        }
        double similarity = 1.0 - (double) levenshtein(a, b) / Math.max(a.length(), b.length());
        return new ColumnMatch(table, column, Math.min(0.9, similarity), false, false);
    }

    /** The identifier's words, abbreviations expanded and a plural s dropped. */
    static Set<String> tokens(String identifier) {
        Set<String> out = new LinkedHashSet<>();
        for (String w : Abbreviations.expandedWords(identifier)) {
            for (String part : w.split(" ")) {
                if (part.isEmpty()) continue;
                out.add(
                        part.length() > 3 && part.endsWith("s") && !part.endsWith("ss")
                                ? part.substring(0, part.length() - 1)
                                : part);
            }
        }
        return out;
    }

    static int levenshtein(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
