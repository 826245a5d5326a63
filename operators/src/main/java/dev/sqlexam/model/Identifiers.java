package dev.sqlexam.model;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** PostgreSQL identifier quoting: only names that would not survive unquoted get quotes. */
public final class Identifiers {

    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_$]*");
    private static final Set<String> RESERVED =
            Set.of(
                    "all",
                    "and",
                    "any",
                    "array",
                    "as",
                    "asc",
                    "case",
                    "check",
                    "column",
                    "constraint",
                    "create",
                    "default",
                    "desc",
                    "distinct",
                    "do",
                    "else",
                    "end",
                    "except",
                    "false",
                    "for",
                    "foreign",
                    "from",
                    "grant",
                    "group",
                    "having",
                    "in",
                    "intersect",
                    "into",
                    "limit",
                    "not",
                    "null",
                    "offset",
                    "on",
                    "or",
                    "order",
                    "primary",
                    "references",
                    "select",
                    "table",
                    "then",
                    "to",
                    "true",
                    "union",
                    "unique",
                    "user",
                    "using",
                    "when",
                    "where",
                    "with",
                    "window");

    private Identifiers() {}

    public static String quoteIfNeeded(String name) {
        if (PLAIN.matcher(name).matches() && !RESERVED.contains(name)) return name;
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    private static final Pattern CAMEL = Pattern.compile("([a-z0-9])([A-Z])");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    /**
     * Schemas repeat their names in every prompt, gloss and link: each name is split once (bounded;
     * a copy is handed out).
     */
    private static final Cache<String, String[]> WORDS =
            Caffeine.newBuilder().maximumSize(65_536).build();

    /** Lower-case words of an identifier: snake_case and camelCase split. */
    public static String[] words(String name) {
        return WORDS.get(
                        name,
                        n ->
                                SPACES.split(
                                        CAMEL.matcher(n)
                                                .replaceAll("$1 $2")
                                                .replace('_', ' ')
                                                .replace('.', ' ')
                                                .toLowerCase(Locale.ROOT)
                                                .trim()))
                .clone();
    }
}
