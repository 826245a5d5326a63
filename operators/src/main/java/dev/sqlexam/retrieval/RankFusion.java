package dev.sqlexam.retrieval;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reciprocal rank fusion: a table's score is the sum over result lists of 1 / (k + rank). */
public final class RankFusion {

    private RankFusion() {}

    public static LinkedHashMap<String, Double> rrf(List<List<Hit>> rankings, int k) {
        Map<String, Double> scores = new LinkedHashMap<>();
        for (List<Hit> ranking : rankings) {
            int rank = 0;
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (Hit hit : ranking) {
                if (!seen.add(hit.table())) continue;
                rank++;
                scores.merge(hit.table(), 1.0 / (k + rank), Double::sum);
            }
        }
        return sortDescending(scores);
    }

    static LinkedHashMap<String, Double> sortDescending(Map<String, Double> scores) {
        LinkedHashMap<String, Double> sorted = new LinkedHashMap<>();
        scores.entrySet().stream()
                .sorted(
                        Map.Entry.<String, Double>comparingByValue()
                                .reversed()
                                .thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }
}
