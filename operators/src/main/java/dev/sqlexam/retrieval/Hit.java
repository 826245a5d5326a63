package dev.sqlexam.retrieval;

import java.io.Serializable;
import java.util.List;
import java.util.Locale;

/** One search result: a table (and column, for column hits) with its score and rank (1-based). */
public record Hit(
        String table, String column, String module, boolean generic, double score, int rank)
        implements Serializable {

    /** Each hit as {@code table=similarity}, three decimals. */
    static List<String> similarities(List<Hit> hits) {
        return hits.stream()
                .map(h -> h.table() + "=" + String.format(Locale.ROOT, "%.3f", h.score()))
                .toList();
    }
}
