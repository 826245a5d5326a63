package dev.sqlexam.benchmarks;

import dev.sqlexam.model.Identifiers;
import dev.sqlexam.sql.SqlText;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQLite semantics a gold written for SQLite relies on, made explicit for PostgreSQL: a
 * double-quoted token that names no table or column of the database is a string in SQLite ({@code
 * WHERE name = "Smith"}), one that does is a name in any case (pgloader lower-cases them), and
 * SQLite's LIKE ignores ASCII case (PostgreSQL's ILIKE).
 */
public final class SqliteGolds {

    private static final Pattern QUOTED = Pattern.compile("'(?:[^']|'')*'|\"((?:[^\"]|\"\")*)\"");
    private static final Pattern LIKE = Pattern.compile("(?i)\\bLIKE\\b");

    private SqliteGolds() {}

    /** {@code names}: every table and column name of the database, lower case. */
    public static String forPostgres(String sql, Set<String> names) {
        Matcher m = QUOTED.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String token = m.group();
            if (m.group(1) != null) {
                String content = m.group(1).replace("\"\"", "\"");
                String lower = content.toLowerCase(Locale.ROOT);
                // SQLite names ignore case and pgloader lower-cases them; anything else in double
                // quotes is a string
                token =
                        names.contains(lower)
                                ? Identifiers.quoteIfNeeded(lower)
                                : "'" + content.replace("'", "''") + "'";
            }
            m.appendReplacement(out, Matcher.quoteReplacement(token));
        }
        m.appendTail(out);
        return SqlText.replaceInCode(out.toString(), LIKE, "ILIKE");
    }
}
