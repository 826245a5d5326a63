package dev.sqlexam.repair;

import dev.sqlexam.model.ColumnMatch;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.sql.SqlReferences;
import dev.sqlexam.sql.SqlText;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seed 004 §6b–e: deterministic fixes for an undefined column (42703) and an undefined table
 * (42P01), and the hints for what cannot be fixed inline: the column lives on an FK neighbour (join
 * it), or it lives nowhere (remove it).
 */
public final class Autocorrect {

    private static final Pattern UNDEFINED_COLUMN =
            Pattern.compile(
                    "(?i)column\\s+(?:\"?([\\w$]+)\"?\\.)?\"?([\\w$ ]+?)\"?\\s+does not exist");
    private static final Pattern UNDEFINED_TABLE =
            Pattern.compile("(?i)relation\\s+\"?([\\w$.]+)\"?\\s+does not exist");

    /** The failing reference of a 42703 message: its qualifier (may be null) and column. */
    public record ColumnRef(String qualifier, String column) implements Serializable {}

    /**
     * What autocorrect made of a 42703: the resolved table, the candidates, and a fix or a hint.
     */
    public record ColumnFix(
            ColumnRef ref,
            String resolvedTable,
            List<ColumnMatch> candidates,
            String correctedSql,
            String crossTableHint,
            String phantomHint)
            implements Serializable {
        public boolean fixed() {
            return correctedSql != null;
        }
    }

    /**
     * What autocorrect made of a 42P01: the closest table and the rewritten SQL, if close enough.
     */
    public record TableFix(String missing, String closest, double similarity, String correctedSql)
            implements Serializable {}

    private Autocorrect() {}

    public static ColumnRef parseColumn(String message) {
        Matcher m = UNDEFINED_COLUMN.matcher(message == null ? "" : message);
        return m.find() ? new ColumnRef(m.group(1), m.group(2).strip()) : null;
    }

    /**
     * The table a reference's qualifier points to; without one, the query's only table (else null).
     */
    static String resolve(String sql, ColumnRef ref) {
        SqlReferences refs = SqlReferences.of(sql);
        if (ref.qualifier() != null)
            return refs.aliases().get(ref.qualifier().toLowerCase(Locale.ROOT));
        return refs.tables().size() == 1 ? refs.tables().iterator().next() : null;
    }

    /**
     * Fixes a 42703 inline when the best candidate is on the resolved table, at least {@code
     * minConfidence} and clear of the second by {@code ambiguityDelta}; otherwise says where the
     * column is or that it is nowhere.
     */
    public static ColumnFix column(
            String sql,
            String message,
            Map<String, Set<String>> columns,
            List<ForeignKey> fks,
            double minConfidence,
            double ambiguityDelta) {
        ColumnRef ref = parseColumn(message);
        if (ref == null) return null;
        String table = resolve(sql, ref);
        List<ColumnMatch> candidates = ColumnMatcher.matches(ref.column(), columns);
        List<ColumnMatch> onTable =
                candidates.stream().filter(m -> m.table().equals(table)).toList();
        if (!onTable.isEmpty()) {
            ColumnMatch best = onTable.get(0);
            double second = onTable.size() > 1 ? onTable.get(1).score() : 0;
            if (best.score() >= minConfidence
                    && best.score() - second >= ambiguityDelta
                    && !best.column().equalsIgnoreCase(ref.column())) {
                return new ColumnFix(
                        ref, table, candidates, replaceColumn(sql, ref, best.column()), null, null);
            }
        }
        String crossTable = null;
        for (ColumnMatch m : candidates) {
            if (m.score() < minConfidence || m.table().equals(table) || table == null) continue;
            ForeignKey fk = link(fks, table, m.table());
            if (fk != null) {
                crossTable =
                        ref.column()
                                + " is not on "
                                + table
                                + "; it is "
                                + m.table()
                                + "."
                                + m.column()
                                + ": JOIN "
                                + m.table()
                                + " ON "
                                + fk.joinCondition()
                                + " and use "
                                + m.table()
                                + "."
                                + m.column();
                break;
            }
        }
        String phantom = null;
        boolean anywhere =
                columns.values().stream()
                        .anyMatch(
                                cs -> cs.stream().anyMatch(c -> c.equalsIgnoreCase(ref.column())));
        if (crossTable == null
                && !anywhere
                && candidates.stream().noneMatch(m -> m.score() >= minConfidence)) {
            phantom =
                    "column "
                            + ref.column()
                            + " exists in no table of the schema: remove every reference to it";
        }
        return new ColumnFix(ref, table, candidates, null, crossTable, phantom);
    }

    /**
     * Rewrites the failing reference (qualified as it was written, or bare) to {@code replacement},
     * outside literals.
     */
    public static String replaceColumn(String sql, ColumnRef ref, String replacement) {
        String col = Pattern.quote(ref.column());
        Pattern p =
                ref.qualifier() != null
                        ? Pattern.compile(
                                "(?i)(?<![\\w$])(\"?"
                                        + Pattern.quote(ref.qualifier())
                                        + "\"?\\s*\\.\\s*)\"?"
                                        + col
                                        + "\"?(?![\\w$])")
                        : Pattern.compile("(?i)(?<![\\w$.\"])()\"?" + col + "\"?(?![\\w$(])");
        return SqlText.replaceInCode(
                sql,
                p,
                "$1"
                        + Matcher.quoteReplacement(
                                dev.sqlexam.model.Identifiers.quoteIfNeeded(replacement)));
    }

    /**
     * A 42P01: the known table closest by edit distance, used when at least {@code minSimilarity}.
     */
    public static TableFix table(
            String sql, String message, Set<String> knownTables, double minSimilarity) {
        Matcher m = UNDEFINED_TABLE.matcher(message == null ? "" : message);
        if (!m.find()) return null;
        String missing = m.group(1);
        String bare =
                missing.contains(".") ? missing.substring(missing.lastIndexOf('.') + 1) : missing;
        String best = null;
        double bestSimilarity = 0;
        for (String t : knownTables) {
            double s =
                    1.0
                            - (double)
                                            ColumnMatcher.levenshtein(
                                                    bare.toLowerCase(Locale.ROOT),
                                                    t.toLowerCase(Locale.ROOT))
                                    / Math.max(bare.length(), t.length());
            if (s > bestSimilarity) {
                bestSimilarity = s;
                best = t;
            }
        }
        if (best == null || bestSimilarity < minSimilarity)
            return new TableFix(missing, best, bestSimilarity, null);
        Pattern p =
                Pattern.compile("(?i)(?<![\\w$.])\"?" + Pattern.quote(missing) + "\"?(?![\\w$])");
        return new TableFix(
                missing,
                best,
                bestSimilarity,
                SqlText.replaceInCode(sql, p, Matcher.quoteReplacement(best)));
    }

    /**
     * A qualifier the query does not define (42P01 "missing FROM-clause entry", lint
     * undefined_alias): when exactly one table of the query has the column, the reference is
     * requalified with that table's alias.
     */
    public static String requalifyUndefined(
            String sql, Map<String, Set<String>> columns, String message) {
        Set<String> undefined = new java.util.HashSet<>();
        for (var issue : dev.sqlexam.sql.SqlLint.lint(sql).issues()) {
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
    public static String requalifyToJoinedTable(
            String sql, String message, Map<String, Set<String>> columns) {
        ColumnRef ref = parseColumn(message);
        if (ref == null || ref.qualifier() == null) return null;
        SqlReferences refs = SqlReferences.of(sql);
        String table = refs.aliases().get(ref.qualifier().toLowerCase(Locale.ROOT));
        if (table == null || columns.getOrDefault(table, Set.of()).contains(ref.column()))
            return null;
        String target = onlyTableWith(refs, ref.column(), columns, table);
        String alias = target == null ? null : aliasOf(refs, target);
        return alias == null ? null : requalify(sql, ref.qualifier(), ref.column(), alias);
    }

    private static final Pattern GROUPING_ERROR =
            Pattern.compile("(?i)column \"([^\"]+)\" must appear in the GROUP BY clause");

    /** A 42803: the column named by the error joins the top-level GROUP BY. */
    public static String addToGroupBy(String sql, String message) {
        Matcher m = GROUPING_ERROR.matcher(message == null ? "" : message);
        if (!m.find()) return null;
        String column = m.group(1);
        String body = SqlText.stripTrailingSemicolons(sql);
        String masked = SqlText.maskQuotedAndComments(body);
        int at = wordIndex(masked, column);
        String written = column;
        if (at < 0 && column.contains(".")) {
            // PostgreSQL names the table ("t.col") where the query wrote the bare column
            written = column.substring(column.lastIndexOf('.') + 1);
            at = wordIndex(masked, written);
        }
        if (at < 0) return null;
        // the innermost enclosing query level that groups: a subquery's own GROUP BY, else the
        // outer ones
        List<int[]> spans = new ArrayList<>();
        java.util.Deque<Integer> open = new java.util.ArrayDeque<>();
        for (int i = 0; i < at; i++) {
            if (masked.charAt(i) == '(') open.push(i);
            else if (masked.charAt(i) == ')' && !open.isEmpty()) open.pop();
        }
        for (int o : open) spans.add(new int[] {o + 1, closing(masked, o)});
        spans.add(new int[] {0, masked.length()});
        for (int[] span : spans) {
            int end = groupByEnd(masked, span[0], span[1]);
            if (end < 0) continue;
            String head = body.substring(0, end).stripTrailing();
            String tail = body.substring(end);
            return head
                    + ", "
                    + written
                    + (tail.isEmpty()
                                    || Character.isWhitespace(tail.charAt(0))
                                    || tail.startsWith(")")
                            ? ""
                            : " ")
                    + tail
                    + sql.substring(body.length());
        }
        return null;
    }

    /**
     * Where the GROUP BY list of the query level spanning [from, to) ends, or -1 when that level
     * does not group.
     */
    private static int groupByEnd(String masked, int from, int to) {
        Matcher kw =
                Pattern.compile(
                                "(?i)\\bGROUP\\s+BY\\b|\\bHAVING\\b|\\bORDER\\s+BY\\b|\\bLIMIT\\b|\\bOFFSET\\b|\\bWINDOW\\b"
                                        + "|\\bUNION\\b|\\bEXCEPT\\b|\\bINTERSECT\\b|[()]")
                        .matcher(masked)
                        .region(from, to);
        int depth = 0;
        boolean inGroup = false;
        while (kw.find()) {
            String t = kw.group();
            if (t.equals("(")) depth++;
            else if (t.equals(")")) depth--;
            else if (depth == 0 && t.toUpperCase(Locale.ROOT).startsWith("GROUP")) inGroup = true;
            else if (depth == 0 && inGroup) return kw.start();
        }
        return inGroup ? to : -1;
    }

    private static int closing(String masked, int open) {
        int depth = 0;
        for (int i = open; i < masked.length(); i++) {
            if (masked.charAt(i) == '(') depth++;
            else if (masked.charAt(i) == ')' && --depth == 0) return i;
        }
        return masked.length();
    }

    private static int wordIndex(String masked, String word) {
        Matcher w =
                Pattern.compile("(?i)(?<![\\w$.])" + Pattern.quote(word) + "(?![\\w$])")
                        .matcher(masked);
        return w.find() ? w.start() : -1;
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

    private static ForeignKey link(List<ForeignKey> fks, String a, String b) {
        for (ForeignKey fk : fks) {
            if (fk.fromTable().equals(a) && fk.toTable().equals(b)
                    || fk.fromTable().equals(b) && fk.toTable().equals(a)) return fk;
        }
        return null;
    }

    /** Every candidate name, for the COLUMN_CANDIDATES delta. */
    public static List<String> describe(List<ColumnMatch> candidates, int max) {
        List<String> out = new ArrayList<>();
        for (ColumnMatch m : candidates.stream().limit(max).toList()) {
            out.add(
                    m.table()
                            + "."
                            + m.column()
                            + String.format(Locale.ROOT, " (%.2f)", m.score()));
        }
        return out;
    }
}
