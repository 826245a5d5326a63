package dev.sqlexam.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What SQLite's SQL means, said in PostgreSQL's, for the PostgreSQL copy of a SQLite benchmark:
 * {@code IIF(c, a, b)} as a CASE, {@code INSTR(s, t)} as {@code STRPOS}, {@code JULIANDAY(x)} as
 * the Julian day number of the timestamp, and SQLite's NULL order (first when ascending, last when
 * descending, the reverse of PostgreSQL's) made explicit on every ORDER BY key that does not say.
 */
public final class SqliteDialect {

    private static final Pattern ORDER_BY = Pattern.compile("(?i)\\bORDER\\s+BY\\b");
    private static final Pattern ORDER_END =
            Pattern.compile("(?i)^(LIMIT|OFFSET|FETCH|UNION|INTERSECT|EXCEPT|WINDOW|FOR)\\b");
    private static final Pattern DIRECTION = Pattern.compile("(?is)^(.*?)\\s+(ASC|DESC)\\s*$");
    private static final Pattern EXPLICIT_NULLS =
            Pattern.compile("(?i)\\bNULLS\\s+(FIRST|LAST)\\s*$");

    private SqliteDialect() {}

    public static String toPostgres(String sql) {
        List<String> literals = new ArrayList<>();
        String code = LiteralPlaceholders.hide(sql, literals);
        code =
                FunctionCalls.replaceCalls(
                        code,
                        "IIF",
                        a ->
                                "CASE WHEN "
                                        + a.get(0)
                                        + " THEN "
                                        + a.get(1)
                                        + " ELSE "
                                        + a.get(2)
                                        + " END",
                        3);
        code =
                FunctionCalls.replaceCalls(
                        code, "INSTR", a -> "STRPOS(" + a.get(0) + ", " + a.get(1) + ")", 2);
        code =
                FunctionCalls.replaceCalls(
                        code,
                        "JULIANDAY",
                        a ->
                                "(EXTRACT(EPOCH FROM CAST("
                                        + a.get(0)
                                        + " AS TIMESTAMP)) / 86400.0 + 2440587.5)",
                        1);
        code = nullOrder(code);
        return LiteralPlaceholders.restore(code, literals);
    }

    /** Each ORDER BY key without NULLS FIRST/LAST gets SQLite's order of NULLs. */
    static String nullOrder(String code) {
        StringBuilder out = new StringBuilder();
        int from = 0;
        Matcher m = ORDER_BY.matcher(code);
        while (m.find(from)) {
            out.append(code, from, m.end());
            int end = clauseEnd(code, m.end());
            out.append(withNullOrder(code.substring(m.end(), end)));
            from = end;
        }
        return out.append(code.substring(from)).toString();
    }

    /** Where the keys after ORDER BY end: a closing parenthesis, a LIMIT and the like, the end. */
    private static int clauseEnd(String s, int start) {
        int depth = 0;
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') {
                if (depth == 0) return i;
                depth--;
            } else if (c == ';' && depth == 0) return i;
            else if (depth == 0
                    && (i == start || !Character.isLetterOrDigit(s.charAt(i - 1)))
                    && ORDER_END.matcher(s.substring(i)).lookingAt()) return i;
        }
        return s.length();
    }

    private static String withNullOrder(String keys) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < keys.length(); i++) {
            char c = keys.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) {
                items.add(keys.substring(start, i));
                start = i + 1;
            }
        }
        items.add(keys.substring(start));
        List<String> out = new ArrayList<>();
        for (String item : items) {
            String trailing = item.substring(item.stripTrailing().length());
            String key = item.stripTrailing();
            if (key.isBlank() || EXPLICIT_NULLS.matcher(key).find()) {
                out.add(item);
                continue;
            }
            Matcher d = DIRECTION.matcher(key);
            boolean descending = d.matches() && d.group(2).toUpperCase(Locale.ROOT).equals("DESC");
            out.add(key + (descending ? " NULLS LAST" : " NULLS FIRST") + trailing);
        }
        return String.join(",", out);
    }
}
