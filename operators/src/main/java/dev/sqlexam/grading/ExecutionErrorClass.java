package dev.sqlexam.grading;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The kind of a failed prediction's error, read from PostgreSQL's message and SQLSTATE or from
 * SQLite's message (whose SQLSTATE is null, or the nearest PostgreSQL one sqlexam gave it). The
 * message decides where its words are unmistakable, so a SQLite message keeps its meaning whatever
 * SQLSTATE came with it; the SQLSTATE decides the rest.
 */
final class ExecutionErrorClass {

    static final String SYNTAX = "syntax";
    static final String UNKNOWN_TABLE = "unknown_table";
    static final String UNKNOWN_COLUMN = "unknown_column";
    static final String AMBIGUOUS_COLUMN = "ambiguous_column";
    static final String TYPE = "type";
    static final String OTHER = "other";

    static final List<String> NAMES =
            List.of(SYNTAX, UNKNOWN_TABLE, UNKNOWN_COLUMN, AMBIGUOUS_COLUMN, TYPE, OTHER);

    private record Rule(Pattern message, String errorClass) {}

    private static final List<Rule> MESSAGE_RULES =
            List.of(
                    rule("invalid input syntax for", TYPE),
                    rule("datatype mismatch", TYPE),
                    rule("operator does not exist", TYPE),
                    rule("cannot be matched", TYPE),
                    rule("argument of \\w+ must be type", TYPE),
                    rule("is of type .* but expression is of type", TYPE),
                    rule("cannot cast type", TYPE),
                    rule("ambiguous column name", AMBIGUOUS_COLUMN),
                    rule("column reference \\S+ is ambiguous", AMBIGUOUS_COLUMN),
                    rule("no such column", UNKNOWN_COLUMN),
                    rule("^(error:\\s*)?column \\S+ does not exist", UNKNOWN_COLUMN),
                    rule("no such table", UNKNOWN_TABLE),
                    rule("relation \\S+ does not exist", UNKNOWN_TABLE),
                    rule("missing from-clause entry", UNKNOWN_TABLE),
                    rule("no such function", OTHER),
                    rule("syntax error", SYNTAX),
                    rule("incomplete input", SYNTAX),
                    rule("unrecognized token", SYNTAX));

    private ExecutionErrorClass() {}

    static String of(String message, String sqlstate) {
        String text = message == null ? "" : message.toLowerCase(Locale.ROOT).strip();
        for (Rule rule : MESSAGE_RULES)
            if (rule.message().matcher(text).find()) return rule.errorClass();
        return ofSqlState(sqlstate);
    }

    private static String ofSqlState(String sqlstate) {
        if (sqlstate == null) return OTHER;
        return switch (sqlstate.toUpperCase(Locale.ROOT)) {
            case "42601" -> SYNTAX;
            case "42P01" -> UNKNOWN_TABLE;
            case "42703" -> UNKNOWN_COLUMN;
            case "42702" -> AMBIGUOUS_COLUMN;
            case "42804", "42883", "42846", "42P18", "22P02", "22007", "22008", "42725" -> TYPE;
            default -> OTHER;
        };
    }

    private static Rule rule(String regex, String errorClass) {
        return new Rule(Pattern.compile(regex), errorClass);
    }
}
