package dev.sqlexam.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * PostgreSQL dialect normalization (seed 004 §6a, PG_NORMALIZE_ENABLED): rewrites the MySQL, SQLite
 * and SQL Server habits models bring into PostgreSQL. String literals are set aside before any
 * transform and put back after, so no transform changes a value; function calls are matched with
 * balanced parentheses. Part of repair: it runs on candidates that failed, never on ones that ran.
 */
public final class PgNormalize {

    /** The rewritten SQL and the names of the transforms that changed it, in order. */
    public record Result(String sql, List<String> applied) {
        public boolean changed() {
            return !applied.isEmpty();
        }
    }

    private record Transform(String name, UnaryOperator<String> apply) {}

    private static final List<Transform> TRANSFORMS =
            List.of(
                    new Transform("backtick_identifiers", DialectRewrites::backticks),
                    new Transform("double_equals", DialectRewrites::doubleEquals),
                    new Transform("top_n", DialectRewrites::topN),
                    new Transform("limit_offset_comma", DialectRewrites::limitOffsetComma),
                    new Transform("year_function", DateRewrites::yearFunction),
                    new Transform("month_function", DateRewrites::monthFunction),
                    new Transform("day_function", DateRewrites::dayFunction),
                    new Transform("ifnull_to_coalesce", DialectRewrites::ifnullToCoalesce),
                    new Transform("nvl_to_coalesce", DialectRewrites::nvlToCoalesce),
                    new Transform("isnull_to_coalesce", DialectRewrites::isnullToCoalesce),
                    new Transform("date_add", DateRewrites::dateAdd),
                    new Transform("date_sub", DateRewrites::dateSub),
                    new Transform("integer_interval", DateRewrites::integerInterval),
                    new Transform("datediff", DateRewrites::datediff),
                    new Transform(
                            "extract_day_of_date_difference", DateRewrites::extractDayOfDifference),
                    new Transform("current_date_functions", DateRewrites::currentDateFunctions),
                    new Transform("group_concat", DialectRewrites::groupConcat),
                    new Transform("strftime", DateRewrites::strftime),
                    new Transform("date_format", DateRewrites::dateFormat),
                    new Transform("len_to_length", DialectRewrites::lenToLength),
                    new Transform("rand_to_random", DialectRewrites::randToRandom),
                    new Transform("mysql_cast_types", DialectRewrites::mysqlCastTypes));

    private PgNormalize() {}

    /**
     * Applies every transform; {@code divisionValue} (a regex, blank for none) strips
     * division-scope filters.
     */
    public static Result normalize(String sql, String divisionValue) {
        List<String> literals = new ArrayList<>();
        String code = LiteralPlaceholders.hide(sql, literals);
        List<String> applied = new ArrayList<>();
        code = LiteralPlaceholders.doubleQuotedStrings(code, literals, applied);
        for (Transform t : TRANSFORMS) {
            String next = t.apply().apply(code);
            if (!next.equals(code)) applied.add(t.name());
            code = next;
        }
        if (divisionValue != null && !divisionValue.isBlank()) {
            String next =
                    LiteralPlaceholders.stripDivisionScope(
                            code, literals, Pattern.compile(divisionValue));
            if (!next.equals(code)) applied.add("division_scope_filter");
            code = next;
        }
        return new Result(LiteralPlaceholders.restore(code, literals), applied);
    }

    public static Result normalize(String sql) {
        return normalize(sql, "div_\\d+");
    }
}
