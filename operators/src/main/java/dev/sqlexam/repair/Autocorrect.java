package dev.sqlexam.repair;

import dev.sqlexam.model.ColumnMatch;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.Identifiers;
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
        ColumnMatch fix = inlineFix(ref, table, candidates, minConfidence, ambiguityDelta);
        if (fix != null) {
            return new ColumnFix(
                    ref, table, candidates, replaceColumn(sql, ref, fix.column()), null, null);
        }
        String crossTable = crossTableHint(ref, table, candidates, fks, minConfidence);
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
     * The best candidate on the resolved table when it is confident, clear of the second, and not
     * the failing name itself; null otherwise.
     */
    private static ColumnMatch inlineFix(
            ColumnRef ref,
            String table,
            List<ColumnMatch> candidates,
            double minConfidence,
            double ambiguityDelta) {
        List<ColumnMatch> onTable =
                candidates.stream().filter(m -> m.table().equals(table)).toList();
        if (onTable.isEmpty()) return null;
        ColumnMatch best = onTable.get(0);
        double second = onTable.size() > 1 ? onTable.get(1).score() : 0;
        if (best.score() >= minConfidence
                && best.score() - second >= ambiguityDelta
                && !best.column().equalsIgnoreCase(ref.column())) return best;
        return null;
    }

    /** Where the column is instead: the first confident candidate on an FK neighbour, or null. */
    private static String crossTableHint(
            ColumnRef ref,
            String table,
            List<ColumnMatch> candidates,
            List<ForeignKey> fks,
            double minConfidence) {
        for (ColumnMatch m : candidates) {
            if (m.score() < minConfidence || m.table().equals(table) || table == null) continue;
            ForeignKey fk = link(fks, table, m.table());
            if (fk != null) {
                return ref.column()
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
            }
        }
        return null;
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
                sql, p, "$1" + Matcher.quoteReplacement(Identifiers.quoteIfNeeded(replacement)));
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
        return Requalification.undefined(sql, columns, message);
    }

    /**
     * A 42703 whose column is not on the resolved table but on exactly one other table already in
     * the query: requalify it.
     */
    public static String requalifyToJoinedTable(
            String sql, String message, Map<String, Set<String>> columns) {
        return Requalification.toJoinedTable(sql, message, columns);
    }

    /** A 42803: the column named by the error joins the top-level GROUP BY. */
    public static String addToGroupBy(String sql, String message) {
        return GroupByFix.addToGroupBy(sql, message);
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
