package dev.sqlexam.grading;

import dev.sqlexam.model.ErrorCategory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The categories found for one pair, each with what was seen, given in {@link
 * ErrorCategories#NAMES}' order.
 */
final class Findings {

    private final Map<String, Set<String>> explanations = new LinkedHashMap<>();

    void add(String category, String explanation) {
        explanations.computeIfAbsent(category, c -> new LinkedHashSet<>()).add(explanation);
    }

    boolean isEmpty() {
        return explanations.isEmpty();
    }

    List<ErrorCategory> categories() {
        List<ErrorCategory> out = new ArrayList<>();
        for (String name : ErrorCategories.NAMES) {
            Set<String> seen = explanations.get(name);
            if (seen != null) out.add(new ErrorCategory(name, String.join("; ", seen)));
        }
        return out;
    }
}
