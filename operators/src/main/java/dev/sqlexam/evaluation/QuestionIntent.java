package dev.sqlexam.evaluation;

import java.io.Serializable;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a question's wording asks of the SQL's shape: an aggregate, groups, a ranking, distinct
 * values.
 */
public record QuestionIntent(String aggregate, boolean grouping, boolean ranking, boolean distinct)
        implements Serializable {

    private static final Pattern GROUPING =
            Pattern.compile("\\b(by|per|for each|in each|for every|of each|each)\\b");
    private static final Pattern RANKING =
            Pattern.compile(
                    "\\b(top|highest|lowest|most|least|largest|smallest|biggest|best|worst"
                            + "|first \\d+|last \\d+|rank|ranked)\\b");
    private static final Pattern DISTINCT = Pattern.compile("\\b(unique|different|distinct)\\b");

    public static QuestionIntent of(String question) {
        String q = question == null ? "" : question.toLowerCase(Locale.ROOT);
        String aggregate = null;
        if (q.matches("(?s).*\\b(how many|number of|count of|count)\\b.*")) aggregate = "COUNT";
        else if (q.matches("(?s).*\\b(average|avg|mean)\\b.*")) aggregate = "AVG";
        else if (q.matches("(?s).*\\b(total|sum of|sum)\\b.*")) aggregate = "SUM";
        else if (q.matches("(?s).*\\b(maximum|max)\\b.*")) aggregate = "MAX";
        else if (q.matches("(?s).*\\b(minimum|min)\\b.*")) aggregate = "MIN";
        return new QuestionIntent(
                aggregate,
                GROUPING.matcher(q).find(),
                RANKING.matcher(q).find(),
                DISTINCT.matcher(q).find());
    }
}
