package dev.sqlexam.model;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** PostgreSQL identifier quoting: only names that would not survive unquoted get quotes. */
public final class Identifiers {

    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_$]*");

    /**
     * PostgreSQL's reserved key words (its documentation's appendix C): as names they need quotes.
     */
    private static final Set<String> RESERVED =
            Set.of(
                    "all",
                    "analyse",
                    "analyze",
                    "and",
                    "any",
                    "array",
                    "as",
                    "asc",
                    "asymmetric",
                    "both",
                    "case",
                    "cast",
                    "check",
                    "collate",
                    "column",
                    "constraint",
                    "create",
                    "current_catalog",
                    "current_date",
                    "current_role",
                    "current_time",
                    "current_timestamp",
                    "current_user",
                    "default",
                    "deferrable",
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
                    "initially",
                    "intersect",
                    "into",
                    "lateral",
                    "leading",
                    "limit",
                    "localtime",
                    "localtimestamp",
                    "not",
                    "null",
                    "offset",
                    "on",
                    "only",
                    "or",
                    "order",
                    "placing",
                    "primary",
                    "references",
                    "returning",
                    "select",
                    "session_user",
                    "some",
                    "symmetric",
                    "system_user",
                    "table",
                    "then",
                    "to",
                    "trailing",
                    "true",
                    "union",
                    "unique",
                    "user",
                    "using",
                    "variadic",
                    "when",
                    "where",
                    "window",
                    "with");

    private Identifiers() {}

    /** Whether {@code lowerCaseName} is one of PostgreSQL's reserved key words. */
    public static boolean isReserved(String lowerCaseName) {
        return RESERVED.contains(lowerCaseName);
    }

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
