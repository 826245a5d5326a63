package dev.sqlexam.sql;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** PgNormalize's transforms of MySQL, SQLite and SQL Server date functions and intervals. */
final class DateRewrites {

    private static final String UNITS = "(YEAR|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND)S?";

    private DateRewrites() {}

    static String yearFunction(String s) {
        return FunctionCalls.replaceCalls(s, "YEAR", a -> "EXTRACT(YEAR FROM " + a.get(0) + ")", 1);
    }

    static String monthFunction(String s) {
        return FunctionCalls.replaceCalls(
                s, "MONTH", a -> "EXTRACT(MONTH FROM " + a.get(0) + ")", 1);
    }

    static String dayFunction(String s) {
        return FunctionCalls.replaceCalls(s, "DAY", a -> "EXTRACT(DAY FROM " + a.get(0) + ")", 1);
    }

    static String dateAdd(String s) {
        return FunctionCalls.replaceCalls(
                s, "DATE_ADD", a -> "(" + a.get(0) + " + " + interval(a.get(1)) + ")", 2);
    }

    static String dateSub(String s) {
        return FunctionCalls.replaceCalls(
                s, "DATE_SUB", a -> "(" + a.get(0) + " - " + interval(a.get(1)) + ")", 2);
    }

    static String integerInterval(String s) {
        return s.replaceAll("(?i)\\bINTERVAL\\s+(\\d+)\\s+" + UNITS + "\\b", "INTERVAL '$1 $2'");
    }

    static String datediff(String s) {
        return FunctionCalls.replaceCalls(
                s,
                "DATEDIFF",
                a -> "(CAST(" + a.get(0) + " AS date) - CAST(" + a.get(1) + " AS date))",
                2);
    }

    static String extractDayOfDifference(String s) {
        return FunctionCalls.replaceCalls(
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

    static String currentDateFunctions(String s) {
        return s.replaceAll("(?i)\\b(?:CURDATE|CURRENT_DATE)\\s*\\(\\s*\\)", "CURRENT_DATE")
                .replaceAll("(?i)\\b(?:GETDATE|SYSDATE)\\s*\\(\\s*\\)", "CURRENT_TIMESTAMP");
    }

    static String strftime(String s) {
        return FunctionCalls.replaceCalls(
                s,
                "STRFTIME",
                a -> "TO_CHAR(" + a.get(1) + ", " + LiteralPlaceholders.dateFormat(a.get(0)) + ")",
                2);
    }

    static String dateFormat(String s) {
        return FunctionCalls.replaceCalls(
                s,
                "DATE_FORMAT",
                a -> "TO_CHAR(" + a.get(0) + ", " + LiteralPlaceholders.dateFormat(a.get(1)) + ")",
                2);
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
}
