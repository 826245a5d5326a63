package dev.sqlexam.evaluation;

import dev.sqlexam.model.ValueCheck;
import dev.sqlexam.sql.SqlLexer;
import dev.sqlexam.sql.SqlReferences;
import dev.sqlexam.sql.SqlText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seed 004's value verification (VALUE_VERIFICATION_ENABLED): the string literals a candidate
 * compares a column with ({@code col = 'x'}, {@code col IN ('x', 'y')}) are looked up in that
 * column. A value the column never holds usually means the model guessed the spelling ('Completed'
 * for 'completed'): the candidate loses 10 per missing value, at most 20.
 */
public final class ValueVerifier {

    /**
     * Whether a column holds a value; null when it could not be checked. {@code literal} is the SQL
     * literal, quotes included.
     */
    @FunctionalInterface
    public interface ValueLookup {
        Boolean exists(String table, String column, String literal);
    }

    private static final String NAME = "(?:\"[^\"]+\"|[A-Za-z_][\\w$]*)";
    private static final Pattern EQUALS =
            Pattern.compile(
                    "(?i)(?<![\\w$.\"])(?:(" + NAME + ")\\s*\\.\\s*)?(" + NAME + ")\\s*=\\s*'");
    private static final Pattern IN_LIST =
            Pattern.compile(
                    "(?i)(?<![\\w$.\"])(?:("
                            + NAME
                            + ")\\s*\\.\\s*)?("
                            + NAME
                            + ")\\s+IN\\s*\\(\\s*'");
    private static final int MAX_VALUES = 8;

    private ValueVerifier() {}

    public static List<ValueCheck> check(
            String sql, Map<String, Set<String>> columns, ValueLookup lookup) {
        List<ValueCheck> out = new ArrayList<>();
        if (sql == null || lookup == null) return out;
        String masked = SqlText.maskQuotedAndComments(sql);
        SqlReferences refs = SqlReferences.of(sql);
        for (Pattern p : List.of(EQUALS, IN_LIST)) {
            Matcher m = p.matcher(sql);
            while (m.find() && out.size() < MAX_VALUES) {
                if (masked.charAt(m.start(2)) != sql.charAt(m.start(2))) continue;

                String table = resolve(refs, m.group(1), unquote(m.group(2)), columns);
                if (table == null) continue;
                for (String literal : literals(sql, masked, m.end() - 1, p == IN_LIST)) {
                    String value = literal.substring(1, literal.length() - 1).replace("''", "'");
                    out.add(
                            new ValueCheck(
                                    table,
                                    unquote(m.group(2)),
                                    value,
                                    lookup.exists(table, unquote(m.group(2)), literal)));
                }
            }
        }
        return out;
    }

    /**
     * The lookup as the pipeline does it: one read-only probe per literal on {@code database}; null
     * when the probe failed.
     */
    public static ValueLookup on(dev.sqlexam.sql.ReadOnlyExecutor executor, String database) {
        return (table, column, literal) -> {
            var outcome = executor.execute(database, probe(table, column, literal));
            return outcome.ok() ? outcome.result().rowCount() > 0 : null;
        };
    }

    /**
     * The read-only query that tells whether {@code table.column} holds the literal (compared as
     * text).
     */
    public static String probe(String table, String column, String literal) {
        StringBuilder name = new StringBuilder();
        for (String part : table.split("\\.")) {
            if (name.length() > 0) name.append('.');
            name.append(dev.sqlexam.model.Identifiers.quoteIfNeeded(part.replace("\"", "")));
        }
        return "SELECT 1 FROM "
                + name
                + " WHERE CAST("
                + dev.sqlexam.model.Identifiers.quoteIfNeeded(column)
                + " AS text) = "
                + literal
                + " LIMIT 1";
    }

    /** -10 per value the column does not hold, at most -20; unchecked values cost nothing. */
    public static double penalty(List<ValueCheck> checks) {
        long missing = checks.stream().filter(c -> Boolean.FALSE.equals(c.found())).count();
        return -Math.min(20, 10.0 * missing);
    }

    private static String resolve(
            SqlReferences refs, String qualifier, String column, Map<String, Set<String>> columns) {
        if (qualifier != null) {
            String table = refs.aliases().get(unquote(qualifier));
            return table != null && columns.getOrDefault(table, Set.of()).contains(column)
                    ? table
                    : null;
        }
        String found = null;
        for (String t : refs.tables()) {
            if (!columns.getOrDefault(t, Set.of()).contains(column)) continue;
            if (found != null) return null;
            found = t;
        }
        return found;
    }

    /** The literal starting at {@code quote}, or the comma-separated literals of an IN list. */
    private static List<String> literals(String sql, String masked, int quote, boolean list) {
        List<String> out = new ArrayList<>();
        int i = quote;
        for (SqlLexer.Span literal = SqlLexer.stringAt(sql, i);
                literal != null;
                literal = SqlLexer.stringAt(sql, i)) {
            out.add(sql.substring(literal.start(), literal.end()));
            if (!list) break;
            int next = literal.end();
            while (next < masked.length() && Character.isWhitespace(masked.charAt(next))) next++;
            if (next >= masked.length() || masked.charAt(next) != ',') break;
            next++;
            while (next < masked.length() && Character.isWhitespace(sql.charAt(next))) next++;
            i = next;
        }
        return out;
    }

    private static String unquote(String name) {
        return name == null
                ? null
                : name.startsWith("\"")
                        ? name.substring(1, name.length() - 1)
                        : name.toLowerCase(Locale.ROOT);
    }
}
