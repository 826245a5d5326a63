package dev.sqlexam.llm;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Guesses how hard a question is from its wording and how many tables its schema packet holds, to
 * pick K (seed 003: k_easy 2, k_default 4, k_hard 6). Never reads the exam's difficulty label.
 */
public final class DifficultyClassifier {

    public enum Difficulty {
        EASY,
        MEDIUM,
        HARD
    }

    private static final Pattern HARD =
            Pattern.compile(
                    "(?i)\\b(growth|month[- ]over[- ]month|year[- ]over[- ]year|running total|"
                            + "rank|ranking|percentage|percent|share|ratio|rate|compare|compared|versus|vs\\.?|each .* (highest|most|lowest)|"
                            + "at least (double|twice)|more than (the )?average|trend|cumulative|per .* per|top \\d+ .* (each|per))\\b");
    private static final Pattern EASY =
            Pattern.compile("(?i)^(how many|what is the (total|number|count)|list|which|show)\\b");

    private DifficultyClassifier() {}

    public static Difficulty classify(String question, int packetTables) {
        String q = question == null ? "" : question.toLowerCase(Locale.ROOT);
        if (HARD.matcher(q).find() || packetTables >= 10) return Difficulty.HARD;
        if (EASY.matcher(q).find()
                && !q.contains(" by ")
                && !q.contains(" per ")
                && !q.contains(" each ")
                && packetTables <= 6) {
            return Difficulty.EASY;
        }
        return Difficulty.MEDIUM;
    }

    public static int k(Difficulty d, int kEasy, int kDefault, int kHard) {
        return switch (d) {
            case EASY -> kEasy;
            case MEDIUM -> kDefault;
            case HARD -> kHard;
        };
    }
}
