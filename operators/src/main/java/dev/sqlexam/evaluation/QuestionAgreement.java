package dev.sqlexam.evaluation;

import dev.sqlexam.sql.SqlLexer;
import dev.sqlexam.sql.SqlText;

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
    private static final Pattern DESCENDING =
            Pattern.compile(
                    "\\b(top|highest|most|largest|biggest|greatest|best|latest|newest|longest|"
                            + "most recent|maximum)\\b");
    private static final Pattern ASCENDING =
            Pattern.compile(
                    "\\b(lowest|least|fewest|smallest|worst|earliest|oldest|cheapest|shortest|"
                            + "bottom|minimum)\\b");
    private static final Pattern ORDER_KEY =
            Pattern.compile(
                    "(?i)\\bORDER\\s+BY\\s+([^,]+?)(?=,|\\bLIMIT\\b|\\bOFFSET\\b|\\bFETCH\\b|$)");

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
    public record Pool(Set<String> values, int maxCoverage) implements java.io.Serializable {
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
                        + direction(q, sql)
                        + comparison(q, sql)
                        + aggregate(q, sql)
                        + periodStart(sql)
                        + openYear(q, sql);
        return -Math.min(10, penalty);
    }

    /**
     * The contradictions {@link #penalty} counts that a single SQL text shows, in words, for the
     * repair prompt's SEMANTIC block.
     */
    public static List<String> contradictions(String question, String sql) {
        List<String> out = new java.util.ArrayList<>();
        if (question == null || sql == null) return out;
        String q = question.toLowerCase(Locale.ROOT);
        double d = direction(q, sql);
        if (d == 3)
            out.add(
                    "the question's wording (highest / lowest, most / least, latest / earliest) asks for the other sort direction");
        if (d == 2)
            out.add("the question asks for no ranking, yet the result is sorted descending");
        if (comparison(q, sql) > 0)
            out.add(
                    "a comparison differs from the question's wording: 'at least' is >=, 'more than' is >, "
                            + "'at most' is <=, 'less than' is <");
        if (aggregate(q, sql) > 0)
            out.add(
                    "the aggregate does not match the question: average is AVG, total is SUM, "
                            + "maximum / largest is MAX, minimum / smallest is MIN");
        if (periodStart(sql) > 0)
            out.add(
                    "a date range leaves out a period's first day (> 'YYYY-MM-01') or takes in the next period's "
                            + "first day (<= 'YYYY-MM-01')");
        if (openYear(q, sql) > 0)
            out.add("'in YYYY' needs both ends of the year; the query only bounds it from below");
        return out;
    }

    private static double direction(String q, String sql) {
        boolean desc = DESCENDING.matcher(q).find();
        boolean asc = ASCENDING.matcher(q).find();
        if (desc && asc) return 0;
        String masked = SqlText.maskQuotedAndComments(sql);
        int depth = 0;
        int lastTopOrder = -1;
        for (int i = 0; i < masked.length(); i++) {
            char c = masked.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (depth == 0 && masked.regionMatches(true, i, "ORDER BY", 0, 8))
                lastTopOrder = i;
        }
        if (lastTopOrder < 0) return 0;
        Matcher key = ORDER_KEY.matcher(masked.substring(lastTopOrder));
        if (!key.find()) return 0;
        boolean sqlDesc = key.group(1).toUpperCase(Locale.ROOT).matches("(?s).*\\bDESC\\b.*");
        if (!desc && !asc)
            return sqlDesc
                            && !q.matches(
                                    "(?s).*\\b(recent|descending|reverse|newest first|latest first)\\b.*")
                    ? 2
                    : 0;
        return sqlDesc == desc ? 0 : 3;
    }

    private static final Pattern[][] COMPARISONS = {
        {
            Pattern.compile(
                    "\\b(at least|no less than|no fewer than|minimum of) (\\d+(?:\\.\\d+)?)"),
            Pattern.compile(">=")
        },
        {Pattern.compile("(\\d+(?:\\.\\d+)?) or more\\b"), Pattern.compile(">=")},
        {
            Pattern.compile(
                    "\\b(more than|over|above|greater than|exceeding|exceeds) \\$?(\\d+(?:\\.\\d+)?)"),
            Pattern.compile(">(?!=)")
        },
        {
            Pattern.compile("\\b(at most|no more than|up to|maximum of) \\$?(\\d+(?:\\.\\d+)?)"),
            Pattern.compile("<=")
        },
        {
            Pattern.compile("\\b(less than|fewer than|under|below) \\$?(\\d+(?:\\.\\d+)?)"),
            Pattern.compile("<(?![=>])")
        },
    };

    private static double comparison(String q, String sql) {
        String masked = SqlText.maskQuotedAndComments(sql);
        for (Pattern[] rule : COMPARISONS) {
            Matcher m = rule[0].matcher(q);
            if (!m.find()) continue;
            String number = m.group(m.groupCount());
            Matcher used =
                    Pattern.compile(
                                    "(>=|<=|<>|!=|>|<|=)\\s*"
                                            + Pattern.quote(number)
                                            + "(?![\\d.])")
                            .matcher(masked);
            if (used.find() && !rule[1].matcher(used.group(1)).matches()) return 3;
        }
        return 0;
    }

    private static final Pattern STRICT_AFTER_PERIOD_START =
            Pattern.compile("(?i)(?<![<>!])>\\s*(?:DATE\\s*)?'\\d{4}-\\d{2}-01'");
    private static final Pattern UP_TO_PERIOD_START =
            Pattern.compile("(?i)<=\\s*(?:DATE\\s*)?'\\d{4}-\\d{2}-01'");

    private static final Pattern IN_YEAR =
            Pattern.compile("\\b(?:in|during|for|of)\\s+((?:19|20)\\d{2})\\b");

    /**
     * "in 2024" read as a range with only its lower end (>= '2024-01-01' and nothing that ends the
     * year).
     */
    private static double openYear(String q, String sql) {
        Matcher y = IN_YEAR.matcher(q);
        if (!y.find()) return 0;
        int year = Integer.parseInt(y.group(1));
        boolean lower =
                Pattern.compile(
                                ">=?\\s*(?:DATE\\s*)?'" + year + "-01-01'",
                                Pattern.CASE_INSENSITIVE)
                        .matcher(sql)
                        .find();
        boolean upper =
                sql.contains("'" + (year + 1) + "-01-01'")
                        || sql.contains("'" + year + "-12-31'")
                        || sql.toUpperCase(Locale.ROOT).contains("BETWEEN");
        return lower && !upper ? 3 : 0;
    }

    /**
     * A range that leaves out the first day of a period (> 'YYYY-MM-01'), or takes in the next one
     * (<= 'YYYY-MM-01').
     */
    private static double periodStart(String sql) {
        return STRICT_AFTER_PERIOD_START.matcher(sql).find()
                        || UP_TO_PERIOD_START.matcher(sql).find()
                ? 3
                : 0;
    }

    private static double aggregate(String q, String sql) {
        String upper = SqlText.maskQuotedAndComments(sql).toUpperCase(Locale.ROOT);
        boolean avgAsked = q.matches("(?s).*\\b(average|avg|mean)\\b.*");
        boolean sumAsked = q.matches("(?s).*\\b(total|sum)\\b.*");
        boolean hasAvg = upper.matches("(?s).*\\bAVG\\s*\\(.*");
        boolean hasSum = upper.matches("(?s).*\\bSUM\\s*\\(.*");
        if (avgAsked && !hasAvg && hasSum) return 3;
        if (!avgAsked && hasAvg && !q.matches("(?s).*\\b(per|typical|typically|ratio|rate)\\b.*"))
            return 3;
        boolean maxAsked =
                q.matches("(?s).*\\b(maximum|max)\\b.*")
                        || DESCENDING.matcher(q).find() && !ASCENDING.matcher(q).find();
        boolean minAsked =
                q.matches("(?s).*\\b(minimum|min)\\b.*")
                        || ASCENDING.matcher(q).find() && !DESCENDING.matcher(q).find();
        boolean hasMax = upper.matches("(?s).*\\bMAX\\s*\\(.*");
        boolean hasMin = upper.matches("(?s).*\\bMIN\\s*\\(.*");
        if (maxAsked && !minAsked && hasMin && !hasMax
                || minAsked && !maxAsked && hasMax && !hasMin) return 3;
        return 0;
    }

    private static String words(String s) {
        return (s == null ? "" : s).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", " ").strip();
    }

    private static String strip(String number) {
        return number.contains(".") ? number.replaceAll("0+$", "").replaceAll("\\.$", "") : number;
    }
}
