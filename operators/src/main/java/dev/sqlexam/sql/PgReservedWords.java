package dev.sqlexam.sql;

import java.util.Set;

/** PostgreSQL's reserved words: a name among them needs quotes to be a name. */
final class PgReservedWords {

    private static final Set<String> WORDS =
            Set.of(
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

    private PgReservedWords() {}

    /** {@code lowerCaseName} is reserved. */
    static boolean contains(String lowerCaseName) {
        return WORDS.contains(lowerCaseName);
    }
}
