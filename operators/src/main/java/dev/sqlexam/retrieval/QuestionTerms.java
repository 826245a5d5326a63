package dev.sqlexam.retrieval;

import dev.sqlexam.schema.Abbreviations;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The words of a question as full-text terms: lower-cased, alphanumeric only (so no user text can
 * break a tsquery), abbreviations expanded, capped in number. PostgreSQL stems them and drops stop
 * words.
 */
public final class QuestionTerms {

    static final int MAX_TERMS = 32;

    private QuestionTerms() {}

    public static List<String> of(String question) {
        Set<String> terms = new LinkedHashSet<>();
        if (question == null) return List.of();
        for (String raw : question.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (raw.length() < 2 || raw.chars().allMatch(Character::isDigit)) continue;
            for (String w : Abbreviations.expand(raw).split(" ")) {
                if (w.length() >= 2) terms.add(w);
            }
            if (terms.size() >= MAX_TERMS) break;
        }
        return List.copyOf(terms);
    }
}
