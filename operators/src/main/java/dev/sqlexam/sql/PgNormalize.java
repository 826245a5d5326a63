package dev.sqlexam.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
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

    private static final String UNITS = "(YEAR|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND)S?";
    private static final List<Transform> TRANSFORMS =
            List.of(
                    new Transform("backtick_identifiers", PgNormalize::backticks),
                    new Transform("double_equals", s -> s.replaceAll("==", "=")),
                    new Transform("top_n", PgNormalize::topN),
                    new Transform(
                            "limit_offset_comma",
                            s ->
                                    s.replaceAll(
                                            "(?i)\\bLIMIT\\s+(\\d+)\\s*,\\s*(\\d+)",
                                            "LIMIT $2 OFFSET $1")),
                    new Transform(
                            "year_function",
                            s -> call(s, "YEAR", a -> "EXTRACT(YEAR FROM " + a.get(0) + ")", 1)),
                    new Transform(
                            "month_function",
                            s -> call(s, "MONTH", a -> "EXTRACT(MONTH FROM " + a.get(0) + ")", 1)),
                    new Transform(
                            "day_function",
                            s -> call(s, "DAY", a -> "EXTRACT(DAY FROM " + a.get(0) + ")", 1)),
                    new Transform(
                            "ifnull_to_coalesce",
                            s ->
                                    call(
                                            s,
                                            "IFNULL",
                                            a -> "COALESCE(" + String.join(", ", a) + ")",
                                            2)),
                    new Transform(
                            "nvl_to_coalesce",
                            s -> call(s, "NVL", a -> "COALESCE(" + String.join(", ", a) + ")", 2)),
                    new Transform(
                            "isnull_to_coalesce",
                            s ->
                                    call(
                                            s,
                                            "ISNULL",
                                            a -> "COALESCE(" + String.join(", ", a) + ")",
                                            2)),
                    new Transform(
                            "date_add",
                            s ->
                                    call(
                                            s,
                                            "DATE_ADD",
                                            a -> "(" + a.get(0) + " + " + interval(a.get(1)) + ")",
                                            2)),
                    new Transform(
                            "date_sub",
                            s ->
                                    call(
                                            s,
                                            "DATE_SUB",
                                            a -> "(" + a.get(0) + " - " + interval(a.get(1)) + ")",
                                            2)),
                    new Transform(
                            "integer_interval",
                            s ->
                                    s.replaceAll(
                                            "(?i)\\bINTERVAL\\s+(\\d+)\\s+" + UNITS + "\\b",
                                            "INTERVAL '$1 $2'")),
                    new Transform(
                            "datediff",
                            s ->
                                    call(
                                            s,
                                            "DATEDIFF",
                                            a ->
                                                    "(CAST("
                                                            + a.get(0)
                                                            + " AS date) - CAST("
                                                            + a.get(1)
                                                            + " AS date))",
                                            2)),
                    new Transform(
                            "extract_day_of_date_difference", PgNormalize::extractDayOfDifference),
                    new Transform(
                            "current_date_functions",
                            s ->
                                    s.replaceAll(
                                                    "(?i)\\b(?:CURDATE|CURRENT_DATE)\\s*\\(\\s*\\)",
                                                    "CURRENT_DATE")
                                            .replaceAll(
                                                    "(?i)\\b(?:GETDATE|SYSDATE)\\s*\\(\\s*\\)",
                                                    "CURRENT_TIMESTAMP")),
                    new Transform("group_concat", PgNormalize::groupConcat),
                    new Transform(
                            "strftime",
                            s ->
                                    call(
                                            s,
                                            "STRFTIME",
                                            a ->
                                                    "TO_CHAR("
                                                            + a.get(1)
                                                            + ", "
                                                            + dateFormat(a.get(0))
                                                            + ")",
                                            2)),
                    new Transform(
                            "date_format",
                            s ->
                                    call(
                                            s,
                                            "DATE_FORMAT",
                                            a ->
                                                    "TO_CHAR("
                                                            + a.get(0)
                                                            + ", "
                                                            + dateFormat(a.get(1))
                                                            + ")",
                                            2)),
                    new Transform(
                            "len_to_length", s -> s.replaceAll("(?i)\\bLEN\\s*\\(", "LENGTH(")),
                    new Transform(
                            "rand_to_random",
                            s -> s.replaceAll("(?i)\\bRAND\\s*\\(\\s*\\)", "RANDOM()")),
                    new Transform(
                            "mysql_cast_types",
                            s ->
                                    s.replaceAll(
                                                    "(?i)\\bAS\\s+(?:SIGNED|UNSIGNED)(?:\\s+INTEGER)?\\b",
                                                    "AS integer")
                                            .replaceAll(
                                                    "(?i)\\bAS\\s+DATETIME\\b", "AS timestamp")));

    private PgNormalize() {}

    /**
     * Applies every transform; {@code divisionValue} (a regex, blank for none) strips
     * division-scope filters.
     */
    public static Result normalize(String sql, String divisionValue) {
        List<String> literals = new ArrayList<>();
        String code = hideLiterals(sql, literals);
        List<String> applied = new ArrayList<>();
        code = doubleQuotedStrings(code, literals, applied);
        for (Transform t : TRANSFORMS) {
            String next = t.apply().apply(code);
            if (!next.equals(code)) applied.add(t.name());
            code = next;
        }
        if (divisionValue != null && !divisionValue.isBlank()) {
            String next = stripDivisionScope(code, literals, Pattern.compile(divisionValue));
            if (!next.equals(code)) applied.add("division_scope_filter");
            code = next;
        }
        return new Result(restore(code, literals), applied);
    }

    /**
     * MySQL's `name` matches case-insensitively, as PostgreSQL's unquoted names do; only names that
     * need quotes keep them.
     */
    private static String backticks(String s) {
        return Pattern.compile("`([^`]+)`")
                .matcher(s)
                .replaceAll(
                        m -> {
                            String name = m.group(1);
                            String lower = name.toLowerCase(Locale.ROOT);
                            if (!name.matches("[A-Za-z_][A-Za-z0-9_$]*"))
                                return Matcher.quoteReplacement("\"" + name + "\"");
                            return Matcher.quoteReplacement(
                                    RESERVED.contains(lower) ? "\"" + lower + "\"" : name);
                        });
    }

    private static final java.util.Set<String> RESERVED =
            java.util.Set.of(
                    "all",
                    "and",
                    "any",
                    "array",
                    "as",
                    "asc",
                    "both",
                    "case",
                    "cast",
                    "check",
                    "collate",
                    "column",
                    "constraint",
                    "create",
                    "current_date",
                    "current_time",
                    "current_user",
                    "default",
                    "desc",
                    "distinct",
                    "do",
                    "else",
                    "end",
                    "except",
                    "false",
                    "fetch",
                    "for",
                    "foreign",
                    "from",
                    "grant",
                    "group",
                    "having",
                    "in",
                    "intersect",
                    "into",
                    "lateral",
                    "leading",
                    "limit",
                    "not",
                    "null",
                    "offset",
                    "on",
                    "only",
                    "or",
                    "order",
                    "primary",
                    "references",
                    "returning",
                    "select",
                    "some",
                    "table",
                    "then",
                    "to",
                    "trailing",
                    "true",
                    "union",
                    "unique",
                    "user",
                    "using",
                    "when",
                    "where",
                    "window",
                    "with");

    public static Result normalize(String sql) {
        return normalize(sql, "div_\\d+");
    }

    /**
     * Strings, comments and dollar-quoted strings out of the transforms' way, as numbered
     * placeholders; unclosed ones stay as they are.
     */
    private static String hideLiterals(String sql, List<String> literals) {
        StringBuilder out = new StringBuilder();
        for (SqlLexer.Span span : SqlLexer.spans(sql)) {
            String text = sql.substring(span.start(), span.end());
            boolean hidden =
                    span.closed()
                            && (span.kind() == SqlLexer.Kind.STRING
                                    || span.kind() == SqlLexer.Kind.COMMENT
                                    || span.kind() == SqlLexer.Kind.DOLLAR_STRING);
            if (!hidden) {
                out.append(text);
                continue;
            }
            literals.add(text);
            out.append('\u0001').append(literals.size() - 1).append('\u0001');
        }
        return out.toString();
    }

    private static String restore(String code, List<String> literals) {
        Matcher m = Pattern.compile("([\u0001\u0002])(\\d+)[\u0001\u0002]").matcher(code);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String literal = literals.get(Integer.parseInt(m.group(2)));
            m.appendReplacement(
                    out,
                    Matcher.quoteReplacement(
                            m.group(1).equals("\u0002") ? toCharPattern(literal) : literal));
        }
        return m.appendTail(out).toString();
    }

    /**
     * "value" compared or listed as a value becomes a string literal; identifiers elsewhere stay
     * quoted.
     */
    private static String doubleQuotedStrings(
            String code, List<String> literals, List<String> applied) {
        Pattern p =
                Pattern.compile(
                        "(?i)(=|<>|!=|\\bLIKE|\\bILIKE|\\bIN\\s*\\((?:[^()]*?,)?)\\s*\"([^\"]*)\"");
        String before = code;
        for (int guard = 0; guard < 50; guard++) {
            Matcher m = p.matcher(code);
            if (!m.find()) break;
            literals.add("'" + m.group(2).replace("'", "''") + "'");
            code =
                    code.substring(0, m.start(2) - 1)
                            + '\u0001'
                            + (literals.size() - 1)
                            + '\u0001'
                            + code.substring(m.end(2) + 1);
        }
        if (!code.equals(before)) applied.add("double_quoted_strings");
        return code;
    }

    private static String topN(String s) {
        Matcher m =
                Pattern.compile(
                                "(?i)^(\\s*SELECT\\s+(?:DISTINCT\\s+)?)TOP\\s*\\(?\\s*(\\d+)\\s*\\)?\\s+")
                        .matcher(s);
        if (!m.find() || Pattern.compile("(?i)\\bLIMIT\\b").matcher(s).find()) return s;
        String body = m.group(1) + s.substring(m.end());
        String trimmed = body.strip();
        boolean semicolon = trimmed.endsWith(";");
        if (semicolon) trimmed = trimmed.substring(0, trimmed.length() - 1);
        return trimmed + " LIMIT " + m.group(2) + (semicolon ? ";" : "");
    }

    private static String extractDayOfDifference(String s) {
        return call(
                s,
                "EXTRACT",
                a -> {
                    Matcher m =
                            Pattern.compile("(?is)^\\s*DAY\\s+FROM\\s+(\\(.*\\)|.*)$")
                                    .matcher(a.get(0));
                    if (!m.matches()
                            || !m.group(1).contains(" - ")
                            || m.group(1).toUpperCase(Locale.ROOT).contains("INTERVAL"))
                        return null;
                    String expr = m.group(1).strip();
                    return expr.startsWith("(") ? expr : "(" + expr + ")";
                },
                1);
    }

    private static String groupConcat(String s) {
        return call(
                s,
                "GROUP_CONCAT",
                a -> {
                    Matcher m =
                            Pattern.compile("(?is)^(.*?)\\s+SEPARATOR\\s+(\\S+)\\s*$")
                                    .matcher(a.get(0));
                    String value = m.matches() ? m.group(1) : a.get(0);
                    String separator = m.matches() ? m.group(2) : "','";
                    String distinct =
                            value.strip().toUpperCase(Locale.ROOT).startsWith("DISTINCT ")
                                    ? "DISTINCT "
                                    : "";
                    if (!distinct.isEmpty()) value = value.strip().substring("DISTINCT ".length());
                    return "STRING_AGG("
                            + distinct
                            + "CAST("
                            + value.strip()
                            + " AS text), "
                            + separator
                            + ")";
                },
                1);
    }

    /** MySQL's INTERVAL n UNIT argument as a PostgreSQL interval literal. */
    private static String interval(String arg) {
        Matcher m =
                Pattern.compile("(?i)^\\s*INTERVAL\\s+'?(-?\\d+)'?\\s+" + UNITS + "\\s*$")
                        .matcher(arg);
        return m.matches()
                ? "INTERVAL '" + m.group(1) + " " + m.group(2).toLowerCase(Locale.ROOT) + "'"
                : arg.strip();
    }

    /**
     * A hidden '%Y-%m' format literal, marked to come back as a TO_CHAR pattern ('YYYY-MM') when
     * literals are restored.
     */
    private static String dateFormat(String arg) {
        Matcher m = Pattern.compile("^\u0001(\\d+)\u0001$").matcher(arg.strip());
        return m.matches() ? "\u0002" + m.group(1) + "\u0002" : arg.strip();
    }

    private static String toCharPattern(String literal) {
        return literal.replace("%Y", "YYYY")
                .replace("%m", "MM")
                .replace("%d", "DD")
                .replace("%H", "HH24")
                .replace("%M", "MI")
                .replace("%i", "MI")
                .replace("%S", "SS")
                .replace("%s", "SS");
    }

    private static String stripDivisionScope(String code, List<String> literals, Pattern value) {
        String column = "(?:[A-Za-z_][\\w$]*\\.)?[A-Za-z_][\\w$]*";
        StringBuilder ids = new StringBuilder();
        for (int i = 0; i < literals.size(); i++) {
            String lit = literals.get(i);
            if (value.matcher(lit.substring(1, lit.length() - 1)).matches())
                ids.append(ids.isEmpty() ? "" : "|").append(i);
        }
        if (ids.isEmpty()) return code;
        String cond = column + "\\s*=\\s*\u0001(?:" + ids + ")\u0001";
        return code.replaceAll("(?i)\\s+AND\\s+" + cond, "")
                .replaceAll("(?i)\\bWHERE\\s+" + cond + "\\s+AND\\s+", "WHERE ")
                .replaceAll(
                        "(?i)\\s*\\bWHERE\\s+"
                                + cond
                                + "(?=\\s*(?:\\bGROUP\\b|\\bORDER\\b|\\bLIMIT\\b|\\bHAVING\\b|\\)|;|$))",
                        "");
    }

    /**
     * Replaces every call {@code NAME(args)} with {@code arity} top-level arguments; null from
     * {@code rewrite} keeps it.
     */
    static String call(
            String s,
            String name,
            java.util.function.Function<List<String>, String> rewrite,
            int arity) {
        Pattern p = Pattern.compile("(?i)(?<![\\w$.])" + name + "\\s*\\(");
        StringBuilder out = new StringBuilder();
        int from = 0;
        Matcher m = p.matcher(s);
        while (m.find(from)) {
            int open = m.end() - 1;
            int close = closing(s, open);
            if (close < 0) break;
            List<String> original = splitArgs(s.substring(open + 1, close));
            List<String> args = new ArrayList<>();
            for (String arg : original) args.add(call(arg, name, rewrite, arity));
            String replacement = args.size() == arity ? rewrite.apply(args) : null;
            if (replacement == null) {
                replacement =
                        args.equals(original)
                                ? s.substring(m.start(), close + 1)
                                : s.substring(m.start(), open + 1) + String.join(", ", args) + ")";
            }
            out.append(s, from, m.start()).append(replacement);
            from = close + 1;
        }
        return out.append(s.substring(from)).toString();
    }

    private static int closing(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            if (s.charAt(i) == '(') depth++;
            else if (s.charAt(i) == ')' && --depth == 0) return i;
        }
        return -1;
    }

    private static List<String> splitArgs(String inner) {
        List<String> args = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) {
                args.add(inner.substring(start, i).strip());
                start = i + 1;
            }
        }
        if (!inner.isBlank()) args.add(inner.substring(start).strip());
        return args;
    }
}
