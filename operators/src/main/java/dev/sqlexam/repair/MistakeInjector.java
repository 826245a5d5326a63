package dev.sqlexam.repair;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.sql.SqlReferences;
import dev.sqlexam.sql.SqlText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The typical mistakes of small models, injected into a correct query for the repair benchmark:
 * MySQL / SQLite / SQL Server dialect, near-miss column names, a parent's column read from the
 * child, a wrong alias, a column missing from GROUP BY. A mistake that does not apply to a query
 * (no such construct) is left out; literals are never changed.
 */
public final class MistakeInjector {

    /**
     * One injected mistake: its type, its family (dialect, schema, structure), and the broken SQL.
     */
    public record Mistake(String type, String family, String sql) {}

    private MistakeInjector() {}

    /** The mistakes that apply to {@code sql}; {@code fks} tell which table is a child of which. */
    public static List<Mistake> inject(
            String sql, Map<String, Set<String>> columns, List<ForeignKey> fks) {
        List<Mistake> out = new ArrayList<>();
        functionMistakes(out, sql);
        syntaxMistakes(out, sql);
        schemaMistakes(out, sql, columns, fks);
        missingGroupByColumn(out, sql);
        return out;
    }

    /** PostgreSQL's functions, limits and intervals as MySQL, SQLite or SQL Server write them. */
    private static void functionMistakes(List<Mistake> out, String sql) {
        dialect(
                out,
                "year_function",
                sql,
                "(?i)\\bEXTRACT\\s*\\(\\s*YEAR\\s+FROM\\s+([^()]+?)\\)",
                "YEAR($1)");
        dialect(
                out,
                "month_function",
                sql,
                "(?i)\\bEXTRACT\\s*\\(\\s*MONTH\\s+FROM\\s+([^()]+?)\\)",
                "MONTH($1)");
        dialect(
                out,
                "ifnull",
                sql,
                "(?i)\\bCOALESCE\\s*\\(\\s*([^(),]+?)\\s*,\\s*([^(),]+?)\\s*\\)",
                "IFNULL($1, $2)");
        dialect(
                out,
                "limit_comma",
                sql,
                "(?i)\\bLIMIT\\s+(\\d+)\\s+OFFSET\\s+(\\d+)",
                "LIMIT $2, $1");
        String interval =
                sql.replaceFirst(
                        "(?i)\\bINTERVAL\\s+'(\\d+)\\s+(year|month|week|day|hour|minute|second)s?'",
                        "INTERVAL $1 $2");
        if (!interval.equals(sql)) out.add(new Mistake("integer_interval", "dialect", interval));
        dialect(out, "curdate", sql, "(?i)\\bCURRENT_DATE\\b(?!\\s*\\()", "CURDATE()");
        dialect(out, "length_len", sql, "(?i)\\bLENGTH\\s*\\(", "LEN(");
    }

    /**
     * Quoting and clauses of the other dialects: the first unqualified table in backticks, a string
     * in double quotes, ==, TOP n.
     */
    private static void syntaxMistakes(List<Mistake> out, String sql) {
        for (String table : SqlReferences.of(sql).tables()) {
            if (table.contains(".")) continue;
            first(
                    out,
                    "backtick_identifiers",
                    "dialect",
                    sql,
                    Pattern.compile(
                            "(?i)\\b(FROM|JOIN)\\s+(" + Pattern.quote(table) + ")(?![\\w$.])"),
                    m -> m.group(1) + " `" + m.group(2) + "`");
            break;
        }
        doubleQuotedString(out, sql);
        first(
                out,
                "double_equals",
                "dialect",
                sql,
                Pattern.compile("(?i)\\bWHERE\\s+([\\w.]+)\\s*=(?!=)"),
                m -> "WHERE " + m.group(1) + " ==");
        first(
                out,
                "top_n",
                "dialect",
                sql,
                Pattern.compile(
                        "(?is)^\\s*SELECT\\s+(DISTINCT\\s+)?(.*)\\s+LIMIT\\s+(\\d+)\\s*;?\\s*$"),
                m ->
                        "SELECT "
                                + (m.group(1) == null ? "" : m.group(1))
                                + "TOP "
                                + m.group(3)
                                + " "
                                + m.group(2));
    }

    private static void dialect(
            List<Mistake> out, String type, String sql, String regex, String replacement) {
        String broken = SqlText.replaceInCode(sql, Pattern.compile(regex), replacement);
        if (!broken.equals(sql)) out.add(new Mistake(type, "dialect", broken));
    }

    private static void first(
            List<Mistake> out,
            String type,
            String family,
            String sql,
            Pattern p,
            Function<Matcher, String> rewrite) {
        Matcher m = p.matcher(SqlText.maskQuotedAndComments(sql));
        if (!m.find()) return;
        Matcher real = p.matcher(sql);
        if (!real.find(m.start())) return;
        out.add(
                new Mistake(
                        type,
                        family,
                        sql.substring(0, real.start())
                                + rewrite.apply(real)
                                + sql.substring(real.end())));
    }

    private static void doubleQuotedString(List<Mistake> out, String sql) {
        Matcher m = Pattern.compile("(=|<>|\\bIN\\s*\\()\\s*'([^'\"]*)'").matcher(sql);
        if (m.find())
            out.add(
                    new Mistake(
                            "double_quoted_string",
                            "dialect",
                            sql.substring(0, m.start(2) - 1)
                                    + '"'
                                    + m.group(2)
                                    + '"'
                                    + sql.substring(m.end(2) + 1)));
    }

    private static void schemaMistakes(
            List<Mistake> out, String sql, Map<String, Set<String>> columns, List<ForeignKey> fks) {
        SqlReferences refs = SqlReferences.of(sql);
        SqlReferences.ColumnRef ref =
                refs.columns().stream()
                        .filter(c -> c.table() != null && c.column().length() > 4)
                        .findFirst()
                        .orElse(null);
        if (ref == null) return;
        Set<String> own = columns.getOrDefault(ref.table(), Set.of());
        String typo =
                ref.column().substring(0, ref.column().length() - 2)
                        + ref.column().charAt(ref.column().length() - 1);
        if (!own.contains(typo))
            out.add(new Mistake("near_miss_typo", "schema", rename(sql, ref, typo)));
        for (SqlReferences.ColumnRef r : refs.columns()) {
            String s = r.table() == null ? null : swapAbbreviation(r.column());
            if (s != null && !columns.getOrDefault(r.table(), Set.of()).contains(s)) {
                out.add(new Mistake("abbreviation_swap", "schema", rename(sql, r, s)));
                break;
            }
        }
        for (SqlReferences.ColumnRef r : refs.columns()) {
            if (r.table() == null
                    || !r.column().endsWith("_name")
                    || r.column().startsWith(singular(r.table()))) continue;
            String variant = singular(r.table()) + "_name";
            if (!columns.getOrDefault(r.table(), Set.of()).contains(variant)) {
                out.add(new Mistake("near_miss_name", "schema", rename(sql, r, variant)));
                break;
            }
        }
        parent:
        for (SqlReferences.ColumnRef r : refs.columns()) {
            if (r.table() == null) continue;
            for (Map.Entry<String, String> child : refs.aliases().entrySet()) {
                String t = child.getValue();
                if (t.equals(r.table()) || child.getKey().equals(t) || child.getKey().contains("."))
                    continue;
                if (!childOf(fks, t, r.table())
                        || columns.getOrDefault(t, Set.of()).contains(r.column())) continue;
                out.add(
                        new Mistake(
                                "parent_column_from_child",
                                "schema",
                                requalify(sql, r, child.getKey())));
                break parent;
            }
        }
        String wrongAlias =
                singular(ref.table()).substring(0, Math.min(3, singular(ref.table()).length()));
        if (refs.aliases().containsKey(wrongAlias) || wrongAlias.equals(ref.qualifier()))
            wrongAlias = wrongAlias + "x";
        out.add(new Mistake("wrong_alias", "schema", requalify(sql, ref, wrongAlias)));
    }

    private static boolean childOf(List<ForeignKey> fks, String child, String parent) {
        return fks.stream()
                .anyMatch(fk -> fk.fromTable().equals(child) && fk.toTable().equals(parent));
    }

    private static void missingGroupByColumn(List<Mistake> out, String sql) {
        Matcher m =
                Pattern.compile(
                                "(?is)\\bGROUP\\s+BY\\s+([^()]*?)(?=\\s*(?:\\bHAVING\\b|\\bORDER\\b|\\bLIMIT\\b|\\)|;|$))")
                        .matcher(SqlText.maskQuotedAndComments(sql));
        if (!m.find()) return;
        String list = sql.substring(m.start(1), m.end(1));
        int comma = list.lastIndexOf(',');
        if (comma < 0) return;
        String removed = list.substring(comma + 1).strip();
        if (removed.matches("\\d+")) return;
        out.add(
                new Mistake(
                        "missing_group_by_column",
                        "structure",
                        sql.substring(0, m.start(1))
                                + list.substring(0, comma)
                                + sql.substring(m.end(1))));
    }

    private static String rename(String sql, SqlReferences.ColumnRef ref, String column) {
        return Autocorrect.replaceColumn(
                sql, new Autocorrect.ColumnRef(ref.qualifier(), ref.column()), column);
    }

    private static String requalify(String sql, SqlReferences.ColumnRef ref, String qualifier) {
        Pattern p =
                Pattern.compile(
                        "(?i)(?<![\\w$])"
                                + Pattern.quote(ref.qualifier())
                                + "\\s*\\.\\s*("
                                + Pattern.quote(ref.column())
                                + ")(?![\\w$])");
        return SqlText.replaceInCode(sql, p, Matcher.quoteReplacement(qualifier) + ".$1");
    }

    static String swapAbbreviation(String column) {
        String[][] pairs = {
            {"_amt", "_amount"},
            {"_qty", "_quantity"},
            {"_num", "_number"},
            {"_pct", "_percent"},
            {"_desc", "_description"}
        };
        for (String[] p : pairs) {
            if (column.endsWith(p[0]))
                return column.substring(0, column.length() - p[0].length()) + p[1];
            if (column.endsWith(p[1]))
                return column.substring(0, column.length() - p[1].length()) + p[0];
        }
        return null;
    }

    private static String singular(String table) {
        String t = table.toLowerCase(Locale.ROOT);
        int us = t.lastIndexOf('_');
        String last = us >= 0 ? t.substring(us + 1) : t;
        if (last.endsWith("ies")) return last.substring(0, last.length() - 3) + "y";
        if (last.endsWith("ses")) return last.substring(0, last.length() - 2);
        return last.endsWith("s") ? last.substring(0, last.length() - 1) : last;
    }
}
