package dev.sqlexam.sql;

import dev.sqlexam.model.Identifiers;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PgNormalize's transforms of MySQL, SQLite and SQL Server habits other than dates: quoting,
 * operators, row limits, null handling, aggregation, functions and cast types.
 */
final class DialectRewrites {

    private DialectRewrites() {}

    /**
     * MySQL's `name` matches case-insensitively, as PostgreSQL's unquoted names do; only names that
     * need quotes keep them.
     */
    static String backticks(String s) {
        return Pattern.compile("`([^`]+)`")
                .matcher(s)
                .replaceAll(
                        m -> {
                            String name = m.group(1);
                            String lower = name.toLowerCase(Locale.ROOT);
                            if (!name.matches("[A-Za-z_][A-Za-z0-9_$]*"))
                                return Matcher.quoteReplacement("\"" + name + "\"");
                            return Matcher.quoteReplacement(
                                    Identifiers.isReserved(lower) ? "\"" + lower + "\"" : name);
                        });
    }

    static String doubleEquals(String s) {
        return s.replaceAll("==", "=");
    }

    static String topN(String s) {
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

    static String limitOffsetComma(String s) {
        return s.replaceAll("(?i)\\bLIMIT\\s+(\\d+)\\s*,\\s*(\\d+)", "LIMIT $2 OFFSET $1");
    }

    static String ifnullToCoalesce(String s) {
        return toCoalesce(s, "IFNULL");
    }

    static String nvlToCoalesce(String s) {
        return toCoalesce(s, "NVL");
    }

    static String isnullToCoalesce(String s) {
        return toCoalesce(s, "ISNULL");
    }

    private static String toCoalesce(String s, String function) {
        return FunctionCalls.replaceCalls(
                s, function, a -> "COALESCE(" + String.join(", ", a) + ")", 2);
    }

    static String groupConcat(String s) {
        return FunctionCalls.replaceCalls(
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

    static String lenToLength(String s) {
        return s.replaceAll("(?i)\\bLEN\\s*\\(", "LENGTH(");
    }

    static String randToRandom(String s) {
        return s.replaceAll("(?i)\\bRAND\\s*\\(\\s*\\)", "RANDOM()");
    }

    static String mysqlCastTypes(String s) {
        return s.replaceAll("(?i)\\bAS\\s+(?:SIGNED|UNSIGNED)(?:\\s+INTEGER)?\\b", "AS integer")
                .replaceAll("(?i)\\bAS\\s+DATETIME\\b", "AS timestamp");
    }
}
