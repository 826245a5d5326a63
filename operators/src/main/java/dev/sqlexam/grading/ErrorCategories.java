package dev.sqlexam.grading;

import dev.sqlexam.model.ErrorCategory;
import dev.sqlexam.sql.ErrorText;
import dev.sqlexam.sql.SqlParsing;
import dev.sqlexam.sql.SqlReferences;
import dev.sqlexam.sql.SqlText;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Why a wrong prediction is wrong, told by comparing its SQL with its gold's structurally
 * (JSqlParser's trees, read into shapes: no database). Several categories may hold at once, each
 * with a sentence naming what differs. Not differences: table aliases, join order, {@code JOIN ...
 * ON} against {@code FROM a, b WHERE} with the same condition, condition order, {@code !=} and
 * {@code <>}, quoting, the case of keywords and names, {@code COUNT(1)} and {@code COUNT(*)},
 * redundant parentheses, output aliases, {@code BETWEEN} against its two bounds, a correlated
 * {@code EXISTS} against the {@code IN} it stands for, {@code SELECT DISTINCT} against a {@code
 * GROUP BY} of every output.
 */
public final class ErrorCategories {

    public static final String TABLE_MISSING = "table_missing";
    public static final String TABLE_EXTRA = "table_extra";
    public static final String TABLE_WRONG = "table_wrong";
    public static final String JOIN_KIND = "join_kind";
    public static final String JOIN_CONDITION = "join_condition";
    public static final String FILTER_MISSING = "filter_missing";
    public static final String FILTER_EXTRA = "filter_extra";
    public static final String FILTER_OPERATOR = "filter_operator";
    public static final String FILTER_CONSTANT = "filter_constant";
    public static final String AGGREGATION_FUNCTION = "aggregation_function";
    public static final String AGGREGATION_DISTINCT = "aggregation_distinct";
    public static final String AGGREGATION_ARGUMENT = "aggregation_argument";
    public static final String GROUPING = "grouping";
    public static final String HAVING = "having";
    public static final String ORDERING = "ordering";
    public static final String LIMIT = "limit";
    public static final String PROJECTION_COLUMNS = "projection_columns";
    public static final String PROJECTION_COUNT = "projection_count";
    public static final String PROJECTION_ORDER = "projection_order";
    public static final String SET_OPERATION = "set_operation";
    public static final String NESTING = "nesting";
    public static final String ERROR = "error";
    public static final String OTHER = "other";

    /** Every category with its one-line description, in the order results are given. */
    public static final Map<String, String> DESCRIPTIONS = descriptions();

    /** Every category's name, in the order results are given. */
    public static final List<String> NAMES = List.copyOf(DESCRIPTIONS.keySet());

    /** The classes of a failed prediction's error, the first word of its explanation. */
    public static final List<String> ERROR_CLASSES = ExecutionErrorClass.NAMES;

    private static final Pattern DOUBLE_EQUALS = Pattern.compile("==");
    private static final Pattern LEVEL = Pattern.compile("^ERROR:\\s*");
    private static final Pattern PARSER_CLASS = Pattern.compile("^([\\w$]+\\.)+[\\w$]+: ");

    private ErrorCategories() {}

    private static Map<String, String> descriptions() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(TABLE_MISSING, "a table the gold reads that the prediction does not");
        d.put(TABLE_EXTRA, "a table the prediction reads that the gold does not");
        d.put(
                TABLE_WRONG,
                "another table in place of one of the gold's (same place or same join partner)");
        d.put(JOIN_KIND, "another kind of join (INNER against LEFT, RIGHT, FULL or CROSS)");
        d.put(JOIN_CONDITION, "joined on other columns, or without the gold's join condition");
        d.put(FILTER_MISSING, "a condition of the gold's WHERE (or ON) that the prediction lacks");
        d.put(FILTER_EXTRA, "a condition the prediction adds that the gold lacks");
        d.put(
                FILTER_OPERATOR,
                "the same column tested with another operator (= against LIKE, > against >=, IN against =, IS NULL against = NULL), or AND against OR");
        d.put(
                FILTER_CONSTANT,
                "the same column and operator with another constant (case and spelling count)");
        d.put(
                AGGREGATION_FUNCTION,
                "another aggregate function (COUNT, SUM, AVG, MAX, MIN), or one taken or left out");
        d.put(
                AGGREGATION_DISTINCT,
                "DISTINCT inside an aggregate, or SELECT DISTINCT, in one query only");
        d.put(
                AGGREGATION_ARGUMENT,
                "the same aggregate over another column, or over * against a column");
        d.put(GROUPING, "other GROUP BY columns, or GROUP BY in one query only");
        d.put(HAVING, "another HAVING condition, or HAVING in one query only");
        d.put(ORDERING, "other ORDER BY keys or directions, or ORDER BY in one query only");
        d.put(LIMIT, "another LIMIT or OFFSET, or one in one query only");
        d.put(PROJECTION_COLUMNS, "other columns or expressions selected");
        d.put(PROJECTION_COUNT, "more or fewer columns selected");
        d.put(PROJECTION_ORDER, "the same columns selected in another order");
        d.put(SET_OPERATION, "UNION, INTERSECT or EXCEPT in one query only, or another one");
        d.put(NESTING, "a subquery in one query only, or subqueries of another structure");
        d.put(
                ERROR,
                "the prediction failed to execute (syntax, unknown_table, unknown_column, ambiguous_column, type, other)");
        d.put(OTHER, "none of the above explains the difference");
        return Collections.unmodifiableMap(d);
    }

    /**
     * The categories of a wrong prediction, in {@link #NAMES}' order; none when the two queries
     * have the same structure (an equivalent rewrite). {@code predError}: null when the prediction
     * ran (and returned a wrong result), else its error message with {@code predSqlstate} (null for
     * SQLite). Never throws.
     */
    public static List<ErrorCategory> classify(
            String goldSql, String predSql, String predError, String predSqlstate) {
        Findings out = new Findings();
        if (predError != null) {
            String message = LEVEL.matcher(ErrorText.firstLine(predError.strip())).replaceFirst("");
            out.add(
                    ERROR,
                    errorClass(predError, predSqlstate)
                            + ": "
                            + message
                            + (predSqlstate == null ? "" : " (SQLSTATE " + predSqlstate + ")"));
        }
        try {
            compare(goldSql, predSql, predError != null, out);
        } catch (RuntimeException | StackOverflowError e) {
            if (predError == null)
                out.add(
                        OTHER,
                        "the comparison could not read the queries: " + SqlParsing.reason(e));
        }
        return out.categories();
    }

    /** The class of a failed prediction's error: one of {@link #ERROR_CLASSES}. */
    public static String errorClass(String message, String sqlstate) {
        return ExecutionErrorClass.of(message, sqlstate);
    }

    private static void compare(String goldSql, String predSql, boolean failed, Findings out) {
        Reading gold = Reading.of(goldSql);
        Reading predicted = Reading.of(predSql);
        if (gold.shape() != null && predicted.shape() != null) {
            QueryComparison.compare(gold.shape(), predicted.shape(), out);
            return;
        }
        if (gold.text() != null && predicted.text() != null)
            TableComparison.compareNames(tables(gold.text()), tables(predicted.text()), out);
        if (failed) return;
        List<String> problems = new ArrayList<>();
        if (gold.problem() != null) problems.add("the gold " + gold.problem());
        if (predicted.problem() != null) problems.add("the prediction " + predicted.problem());
        out.add(OTHER, String.join("; ", problems));
    }

    /** A query's text read into its shape, or why it could not be. */
    private record Reading(String text, QueryShape shape, String problem) {

        static Reading of(String sql) {
            if (sql == null || sql.isBlank()) return new Reading(null, null, "is empty");
            String text = SqlText.stripTrailingSemicolons(sql);
            if (text.contains("==")) text = SqlText.replaceInCode(text, DOUBLE_EQUALS, "=");
            try {
                return new Reading(text, ShapeReader.read(SqlParsing.parse(text)), null);
            } catch (ShapeReader.Unreadable e) {
                return new Reading(
                        text, null, "has what the comparison cannot read: " + e.getMessage());
            } catch (Exception | StackOverflowError e) {
                String reason = PARSER_CLASS.matcher(SqlParsing.reason(e)).replaceFirst("");
                return new Reading(text, null, "could not be parsed: " + reason);
            }
        }
    }

    private static Set<String> tables(String sql) {
        Set<String> out = new LinkedHashSet<>();
        for (String table : SqlReferences.of(sql).tables()) out.add(table.toLowerCase(Locale.ROOT));
        return out;
    }
}
