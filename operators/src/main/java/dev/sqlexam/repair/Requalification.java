package dev.sqlexam.repair;

import dev.sqlexam.sql.SqlLint;
import dev.sqlexam.sql.SqlReferences;
import dev.sqlexam.sql.SqlText;

import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Autocorrect's requalifications: a column read through a qualifier the query does not define, or
 * through a table that lacks it, moves to the one table of the query that has it.
 */
final class Requalification {

    private Requalification() {}

    /**
     * A qualifier the query does not define (42P01 "missing FROM-clause entry", lint
     * undefined_alias): when exactly one table of the query has the column, the reference is
     * requalified with that table's alias.
     */
    static String undefined(String sql, Map<String, Set<String>> columns, String message) {
        Set<String> undefined = new HashSet<>();
        for (var issue : SqlLint.lint(sql).issues()) {
            Matcher m = UNDEFINED_ALIAS.matcher(issue.message());
            if (issue.code().equals("undefined_alias") && m.find())
                undefined.add(m.group(1).toLowerCase(Locale.ROOT));
        }
        Matcher missing = MISSING_FROM.matcher(message == null ? "" : message);
        if (missing.find()) undefined.add(missing.group(1).toLowerCase(Locale.ROOT));
        SqlReferences refs = SqlReferences.of(sql);
        String out = sql;
        for (SqlReferences.ColumnRef ref : refs.columns()) {
            if (ref.table() != null
                    || ref.qualifier() == null
                    || !undefined.contains(ref.qualifier().toLowerCase(Locale.ROOT))) continue;
            String target = onlyTableWith(refs, ref.column(), columns, null);
            if (target == null && ref.qualifier() != null)
                target = tableNamedLike(refs, ref.qualifier(), ref.column(), columns);
            String alias = target == null ? null : aliasOf(refs, target);
            if (alias != null) out = requalify(out, ref.qualifier(), ref.column(), alias);
        }
        return out.equals(sql) ? null : out;
    }

    private static final Pattern UNDEFINED_ALIAS =
            Pattern.compile("'([^']+)' is not a table or alias");
    private static final Pattern MISSING_FROM =
            Pattern.compile("missing FROM-clause entry for table \"([^\"]+)\"");

    /**
     * Among the query's tables that have the column, the only one whose name or a word of it starts
     * with the unknown qualifier.
     */
    private static String tableNamedLike(
            SqlReferences refs, String qualifier, String column, Map<String, Set<String>> columns) {
        String q = qualifier.toLowerCase(Locale.ROOT);
        String found = null;
        for (String t : refs.tables()) {
            if (!columns.getOrDefault(t, Set.of()).contains(column)) continue;
            boolean named = false;
            for (String word : t.toLowerCase(Locale.ROOT).split("[_.]"))
                named |= word.startsWith(q);
            if (!named) continue;
            if (found != null) return null;
            found = t;
        }
        return found;
    }

    /**
     * A 42703 whose column is not on the resolved table but on exactly one other table already in
     * the query: requalify it.
     */
    static String toJoinedTable(String sql, String message, Map<String, Set<String>> columns) {
        Autocorrect.ColumnRef ref = Autocorrect.parseColumn(message);
        if (ref == null || ref.qualifier() == null) return null;
        SqlReferences refs = SqlReferences.of(sql);
        String table = refs.aliases().get(ref.qualifier().toLowerCase(Locale.ROOT));
        if (table == null || columns.getOrDefault(table, Set.of()).contains(ref.column()))
            return null;
        String target = onlyTableWith(refs, ref.column(), columns, table);
        String alias = target == null ? null : aliasOf(refs, target);
        return alias == null ? null : requalify(sql, ref.qualifier(), ref.column(), alias);
    }

    private static String onlyTableWith(
            SqlReferences refs, String column, Map<String, Set<String>> columns, String except) {
        String found = null;
        for (String t : refs.tables()) {
            if (t.equals(except) || !columns.getOrDefault(t, Set.of()).contains(column)) continue;
            if (found != null) return null;
            found = t;
        }
        return found;
    }

    /**
     * The one name the table goes by in the query; null when it is there under several aliases (a
     * self-join: ambiguous).
     */
    private static String aliasOf(SqlReferences refs, String table) {
        String found = null;
        for (Map.Entry<String, String> e : refs.aliases().entrySet()) {
            if (!e.getValue().equals(table)
                    || e.getKey().equals(table.toLowerCase(Locale.ROOT))
                    || e.getKey().contains(".")) continue;
            if (found != null) return null;
            found = e.getKey();
        }
        return found != null ? found : table;
    }

    private static String requalify(String sql, String qualifier, String column, String alias) {
        Pattern p =
                Pattern.compile(
                        "(?i)(?<![\\w$])\"?"
                                + Pattern.quote(qualifier)
                                + "\"?\\s*\\.\\s*(\"?"
                                + Pattern.quote(column)
                                + "\"?)(?![\\w$])");
        return SqlText.replaceInCode(sql, p, Matcher.quoteReplacement(alias) + ".$1");
    }
}
