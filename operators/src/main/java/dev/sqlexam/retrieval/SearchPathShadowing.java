package dev.sqlexam.retrieval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Unqualified names resolve through search_path, so a table in {@code public} shadows same-named
 * copies in other schemas (division copies, staging copies) unless the question names their schema.
 */
final class SearchPathShadowing {

    private SearchPathShadowing() {}

    static List<Hit> apply(List<Hit> hits, Set<String> publicTables, String question) {
        String q = question == null ? "" : question.toLowerCase(Locale.ROOT);
        List<Hit> out = new ArrayList<>();
        for (Hit h : hits) {
            int dot = h.table().lastIndexOf('.');
            if (dot > 0) {
                String schema =
                        h.table().substring(0, dot).replace("\"", "").toLowerCase(Locale.ROOT);
                String bare = h.table().substring(dot + 1);
                if (publicTables.contains(bare) && !q.contains(schema)) continue;
            }
            out.add(h);
        }
        return out;
    }
}
