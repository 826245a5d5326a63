package dev.sqlexam.model;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** PostgreSQL identifier quoting: only names that would not survive unquoted get quotes. */
public final class Identifiers {

    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_$]*");
    private static final Set<String> RESERVED = Set.of("all", "and", "any", "array", "as", "asc", "case", "check",
            "column", "constraint", "create", "default", "desc", "distinct", "do", "else", "end", "except", "false",
            "for", "foreign", "from", "grant", "group", "having", "in", "intersect", "into", "limit", "not", "null",
            "offset", "on", "or", "order", "primary", "references", "select", "table", "then", "to", "true", "union",
            "unique", "user", "using", "when", "where", "with", "window");

    private Identifiers() {}

    public static String quoteIfNeeded(String name) {
        if (PLAIN.matcher(name).matches() && !RESERVED.contains(name)) return name;
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /** Lower-case words of an identifier: snake_case and camelCase split. */
    public static String[] words(String name) {
        String spaced = name.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('_', ' ').replace('.', ' ');
        return spaced.toLowerCase(Locale.ROOT).trim().split("\\s+");
    }
}
