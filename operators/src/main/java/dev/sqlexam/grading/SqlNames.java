package dev.sqlexam.grading;

import java.util.Locale;

/** Identifiers as the comparison of two queries reads them: unquoted, in lower case. */
final class SqlNames {

    private SqlNames() {}

    static String of(String identifier) {
        if (identifier == null) return null;
        String s = identifier.strip();
        if (s.length() >= 2) {
            char first = s.charAt(0);
            char last = s.charAt(s.length() - 1);
            if (first == '"' && last == '"'
                    || first == '`' && last == '`'
                    || first == '[' && last == ']') s = s.substring(1, s.length() - 1);
        }
        return s.toLowerCase(Locale.ROOT);
    }

    /** The last part of a dotted name: a table without its schema, a function without its. */
    static String lastPart(String name) {
        if (name == null) return null;
        int dot = name.lastIndexOf('.');
        return of(dot >= 0 ? name.substring(dot + 1) : name);
    }

    /** A table's name without the instance mark a self-join's second reading gets ({@code #2}). */
    static String baseTable(String instance) {
        int mark = instance.indexOf('#');
        return mark < 0 ? instance : instance.substring(0, mark);
    }

    /** A derived table's or CTE's placeholder, which names no table. */
    static boolean placeholder(String table) {
        return table.startsWith("(");
    }

    /** A double-quoted token, which SQLite reads as a string where no column has its name. */
    static boolean doubleQuoted(String token) {
        return token != null
                && token.length() >= 2
                && token.startsWith("\"")
                && token.endsWith("\"");
    }
}
