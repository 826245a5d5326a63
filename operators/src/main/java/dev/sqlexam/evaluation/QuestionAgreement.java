package dev.sqlexam.evaluation;

import dev.sqlexam.sql.SqlLexer;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a candidate contradicts its question, for the result-shape part of the rerank: a value the
 * question names that the SQL lost, the other sort direction, the other side of a comparison, the
 * other aggregate. Every rule reads only the question's wording and the SQL; each gives a penalty,
 * never a bonus, so two candidates that agree with the question tie as before.
 */
public final class QuestionAgreement {

    private static final Pattern NUMBER =
            Pattern.compile("(?<![\\w.])(\\d+(?:\\.\\d+)?)(?![\\w.])");
    private static final List<String> NUMBER_WORDS =
            List.of(
                    "two",
                    "three",
                    "four",
                    "five",
                    "six",
                    "seven",
                    "eight",
                    "nine",
                    "ten",
                    "eleven",
                    "twelve",
                    "thirteen",
                    "fourteen",
                    "fifteen",
                    "sixteen",
                    "seventeen",
                    "eighteen",
                    "nineteen",
                    "twenty");
    private static final Pattern NUMBER_WORD =
            Pattern.compile("\\b(" + String.join("|", NUMBER_WORDS) + ")\\b");

    private QuestionAgreement() {}

    /**
     * What the candidate pool tells about the question: the values it names, and the most question
     * terms any candidate covers.
     */
    public record Pool(Set<String> values, int maxCoverage) implements Serializable {
        public static final Pool NONE = new Pool(Set.of(), 0);
    }

    public static Pool pool(String question, List<String> sqls) {
        int max = 0;
        for (String sql : sqls) max = Math.max(max, coverage(question, sql));
        return new Pool(questionValues(question, sqls), max);
    }

    private static final Set<String> STOP =
            Set.of(
                    "what",
                    "which",
                    "when",
                    "where",
                    "with",
                    "that",
                    "this",
                    "their",
                    "there",
                    "have",
                    "does",
                    "from",
                    "each",
                    "many",
                    "much",
                    "show",
                    "list",
                    "give",
                    "were",
                    "been",
                    "they",
                    "them",
                    "than",
                    "more",
                    "most",
                    "least",
                    "into",
                    "over",
                    "only",
                    "also",
                    "every",
                    "order",
                    "total",
                    "number",
                    "count",
                    "average",
                    "year",
                    "years",
                    "month",
                    "months",
                    "since",
                    "during",
                    "between",
                    "after",
                    "before",
                    "about",
                    "ever",
                    "currently",
                    "whose",
                    "other",
                    "another");

    /**
     * How many of the question's content words (by a light stem) the SQL's identifiers and literals
     * mention.
     */
    static int coverage(String question, String sql) {
        if (question == null || sql == null) return 0;
        Set<String> sqlStems = new HashSet<>();
        for (String token : sql.toLowerCase(Locale.ROOT).split("[^a-z0-9]+"))
            if (token.length() >= 4) sqlStems.add(stem(token));
        Set<String> covered = new HashSet<>();
        String q = question.toLowerCase(Locale.ROOT).replaceAll("(?<=[a-z])-(?=[a-z])", "");
        for (String word : q.split("[^a-z0-9]+")) {
            if (word.length() < 4 || STOP.contains(word) || word.matches("\\d+")) continue;
            String stem = stem(word);
            if (sqlStems.contains(stem)) covered.add(stem);
        }
        return covered.size();
    }

    private static final String[] SUFFIXES = {
        "ations", "ation", "ings", "ing", "ions", "ion", "ies", "ed", "es", "s", "ly"
    };

    /**
     * Negation prefix and common suffixes off ("unpaid" → paid, "failed" → fail), then the first
     * five letters.
     */
    static String stem(String word) {
        String w = word.startsWith("un") && word.length() >= 6 ? word.substring(2) : word;
        for (String suffix : SUFFIXES) {
            if (w.endsWith(suffix) && w.length() - suffix.length() >= 4) {
                w = w.substring(0, w.length() - suffix.length());
                break;
            }
        }
        return w.length() <= 5 ? w : w.substring(0, 5);
    }

    /**
     * The literals of any candidate that the question names: string values it quotes or says, and
     * its numbers.
     */
    public static Set<String> questionValues(String question, List<String> sqls) {
        String q = words(question);
        Set<String> out = new LinkedHashSet<>();
        for (String sql : sqls) {
            for (String literal : SqlLexer.stringValues(sql == null ? "" : sql)) {
                String value = words(literal);
                if (value.length() >= 3
                        && !value.isBlank()
                        && (" " + q + " ").contains(" " + value + " ")) out.add(value);
            }
        }
        Matcher n = NUMBER.matcher(question == null ? "" : question);
        while (n.find()) out.add(n.group(1));
        Matcher w = NUMBER_WORD.matcher(question == null ? "" : question.toLowerCase(Locale.ROOT));
        while (w.find()) out.add(String.valueOf(NUMBER_WORDS.indexOf(w.group(1)) + 2));
        return out;
    }

    /**
     * A penalty in [-10, 0]: 3 per question value the SQL lacks (at most 6); 2 per question term
     * fewer than the best candidate covers (at most 6); 3 for each contradiction of sort direction,
     * comparison, aggregate, or a period's first day excluded.
     */
    public static double penalty(String question, String sql, Pool pool) {
        Set<String> questionValues = pool.values();
        if (sql == null || question == null) return 0;
        String q = question.toLowerCase(Locale.ROOT);
        String sqlWords = " " + words(sql) + " ";
        Set<String> sqlNumbers = new HashSet<>();
        Matcher n = NUMBER.matcher(sql);
        while (n.find()) sqlNumbers.add(strip(n.group(1)));
        double missing = 0;
        for (String v : questionValues) {
            boolean number = v.matches("\\d+(\\.\\d+)?");
            boolean present =
                    number
                            ? sqlNumbers.contains(strip(v)) || sql.contains(v)
                            : sqlWords.contains(" " + v + " ");
            if (!present) missing += 3;
        }
        double terms = Math.min(6, 2.0 * Math.max(0, pool.maxCoverage() - coverage(question, sql)));
        double penalty =
                Math.min(6, missing)
                        + terms
                        + QuestionContradictions.direction(q, sql)
                        + QuestionContradictions.comparison(q, sql)
                        + QuestionContradictions.aggregate(q, sql)
                        + QuestionContradictions.periodStart(sql)
                        + QuestionContradictions.openYear(q, sql);
        return -Math.min(10, penalty);
    }

    /**
     * The contradictions {@link #penalty} counts that a single SQL text shows, in words, for the
     * repair prompt's SEMANTIC block.
     */
    public static List<String> contradictions(String question, String sql) {
        List<String> out = new ArrayList<>();
        if (question == null || sql == null) return out;
        String q = question.toLowerCase(Locale.ROOT);
        double d = QuestionContradictions.direction(q, sql);
        if (d == 3)
            out.add(
                    "the question's wording (highest / lowest, most / least, latest / earliest) asks for the other sort direction");
        if (d == 2)
            out.add("the question asks for no ranking, yet the result is sorted descending");
        if (QuestionContradictions.comparison(q, sql) > 0)
            out.add(
                    "a comparison differs from the question's wording: 'at least' is >=, 'more than' is >, "
                            + "'at most' is <=, 'less than' is <");
        if (QuestionContradictions.aggregate(q, sql) > 0)
            out.add(
                    "the aggregate does not match the question: average is AVG, total is SUM, "
                            + "maximum / largest is MAX, minimum / smallest is MIN");
        if (QuestionContradictions.periodStart(sql) > 0)
            out.add(
                    "a date range leaves out a period's first day (> 'YYYY-MM-01') or takes in the next period's "
                            + "first day (<= 'YYYY-MM-01')");
        if (QuestionContradictions.openYear(q, sql) > 0)
            out.add("'in YYYY' needs both ends of the year; the query only bounds it from below");
        return out;
    }

    private static String words(String s) {
        return (s == null ? "" : s).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", " ").strip();
    }

    private static String strip(String number) {
        return number.contains(".") ? number.replaceAll("0+$", "").replaceAll("\\.$", "") : number;
    }
}
