package dev.sqlexam.evaluation;

import dev.sqlexam.sql.SqlText;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * QuestionAgreement's contradiction rules, each a penalty of the question's wording against the
 * SQL: sort direction, comparison, aggregate, a period's first day, an open year.
 */
final class QuestionContradictions {

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

    private QuestionContradictions() {}

    static double direction(String q, String sql) {
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

    static double comparison(String q, String sql) {
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
    static double openYear(String q, String sql) {
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
    static double periodStart(String sql) {
        return STRICT_AFTER_PERIOD_START.matcher(sql).find()
                        || UP_TO_PERIOD_START.matcher(sql).find()
                ? 3
                : 0;
    }

    static double aggregate(String q, String sql) {
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
}
