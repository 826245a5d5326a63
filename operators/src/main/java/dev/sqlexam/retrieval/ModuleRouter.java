package dev.sqlexam.retrieval;

import dev.sqlexam.model.ModuleRoute;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Module routing (seed 004 §1): keyword rules (data, from the module mapping file) united with the
 * modules whose description embedding is close to the question, capped. No module → search
 * everything.
 */
public final class ModuleRouter {

    private final Map<String, List<Pattern>> keywords = new LinkedHashMap<>();
    private final Map<String, float[]> moduleVectors;
    private final double threshold;
    private final int max;

    public ModuleRouter(
            Map<String, List<String>> keywordRules,
            Map<String, float[]> moduleVectors,
            double threshold,
            int max) {
        keywordRules.forEach(
                (module, words) ->
                        keywords.put(
                                module,
                                words.stream()
                                        .map(
                                                w ->
                                                        Pattern.compile(
                                                                "\\b"
                                                                        + Pattern.quote(
                                                                                w.toLowerCase(
                                                                                        Locale
                                                                                                .ROOT))
                                                                        + "\\b"))
                                        .toList()));
        this.moduleVectors = moduleVectors;
        this.threshold = threshold;
        this.max = max;
    }

    public ModuleRoute route(String question, float[] vector) {
        String q = question == null ? "" : question.toLowerCase(Locale.ROOT);
        Map<String, Double> confidences = new LinkedHashMap<>();
        List<String> byKeyword = new ArrayList<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        keywords.forEach(
                (module, patterns) -> {
                    int n = (int) patterns.stream().filter(p -> p.matcher(q).find()).count();
                    if (n > 0) counts.put(module, n);
                });
        counts.entrySet().stream()
                .sorted(
                        Map.Entry.<String, Integer>comparingByValue()
                                .reversed()
                                .thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> byKeyword.add(e.getKey()));
        List<String> byEmbedding = new ArrayList<>();
        moduleVectors.entrySet().stream()
                .map(
                        e ->
                                Map.entry(
                                        e.getKey(),
                                        StableScores.of(Vectors.cosine(vector, e.getValue()))))
                .sorted(
                        Map.Entry.<String, Double>comparingByValue()
                                .reversed()
                                .thenComparing(Map.Entry.comparingByKey()))
                .forEach(
                        e -> {
                            confidences.put(e.getKey(), Math.round(e.getValue() * 1000) / 1000.0);
                            if (e.getValue() >= threshold) byEmbedding.add(e.getKey());
                        });
        LinkedHashSet<String> chosen = new LinkedHashSet<>(byKeyword);
        chosen.addAll(byEmbedding);
        List<String> modules = chosen.stream().limit(max).toList();
        if (modules.isEmpty() || moduleVectors.size() <= 1)
            return new ModuleRoute(null, "none", confidences);
        String method =
                !byKeyword.isEmpty() && !byEmbedding.isEmpty()
                        ? "keyword+embedding"
                        : !byKeyword.isEmpty() ? "keyword" : "embedding";
        return new ModuleRoute(modules, method, confidences);
    }
}
