package dev.sqlexam.sql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a query refers to, read lexically (it works on SQL the parser rejects): its tables and their
 * aliases, its qualified column references, and its column equalities between two tables (join
 * conditions). Names are lower-cased unless quoted; a schema prefix is dropped from table names.
 */
public final class SqlReferences {

    /**
     * A qualified column reference, its qualifier resolved to a table when the query defines it.
     */
    public record ColumnRef(String qualifier, String table, String column) {}

    /** A join condition between two tables' columns, in a canonical order. */
    public record JoinEquality(
            String leftTable, String leftColumn, String rightTable, String rightColumn) {
        public static JoinEquality of(String t1, String c1, String t2, String c2) {
            return (t1 + "." + c1).compareTo(t2 + "." + c2) <= 0
                    ? new JoinEquality(t1, c1, t2, c2)
                    : new JoinEquality(t2, c2, t1, c1);
        }
    }

    private static final String KEYWORD =
            "(?!(?:ON|JOIN|WHERE|USING|LEFT|RIGHT|INNER|OUTER|FULL|CROSS|NATURAL|GROUP|ORDER|LIMIT|OFFSET|HAVING"
                    + "|UNION|EXCEPT|INTERSECT|WINDOW|FETCH|FOR|LATERAL|AND|OR|SELECT|SET)\\b)";
    static final Pattern FROM_ITEM =
            Pattern.compile(
                    "(?i)\\b(?:FROM|JOIN)\\s+(?:ONLY\\s+|LATERAL\\s+)?((?:\"[^\"]+\"|[\\w$]+)(?:\\s*\\.\\s*(?:\"[^\"]+\"|[\\w$]+))?)(?:\\s+(?:AS\\s+)?"
                            + KEYWORD
                            + "(\"[^\"]+\"|[A-Za-z_][\\w$]*))?");
    static final Pattern COMMA_ITEM =
            Pattern.compile(
                    "(?i),\\s*((?:\"[^\"]+\"|[\\w$]+)(?:\\.(?:\"[^\"]+\"|[\\w$]+))?)(?:\\s+(?:AS\\s+)?"
                            + KEYWORD
                            + "([A-Za-z_][\\w$]*))?");
    private static final Pattern FROM_LIST =
            Pattern.compile(
                    "(?is)\\bFROM\\s+([^()]*?)(?=\\b(?:WHERE|GROUP|ORDER|LIMIT|HAVING|UNION|EXCEPT|INTERSECT|WINDOW|JOIN|LEFT|RIGHT|INNER|FULL|CROSS|NATURAL)\\b|\\)|;|$)");
    private static final Pattern TABLE_ITEM =
            Pattern.compile(
                    "(?i)((?:\"[^\"]+\"|[\\w$]+)(?:\\s*\\.\\s*(?:\"[^\"]+\"|[\\w$]+))?)(?:\\s+(?:AS\\s+)?"
                            + KEYWORD
                            + "(\"[^\"]+\"|[A-Za-z_][\\w$]*))?");
    static final Pattern SUBQUERY_ALIAS =
            Pattern.compile("(?i)\\)\\s+(?:AS\\s+)?([A-Za-z_][\\w$]*)");
    static final Pattern QUALIFIED =
            Pattern.compile(
                    "(?<![\\w$.\"])([A-Za-z_][\\w$]*|\"[^\"]+\")\\s*\\.\\s*([A-Za-z_][\\w$]*|\"[^\"]+\"|\\*)");
    private static final String REF =
            "([A-Za-z_][\\w$]*|\"[^\"]+\")\\s*\\.\\s*([A-Za-z_][\\w$]*|\"[^\"]+\")";
    private static final Pattern EQUALITY =
            Pattern.compile("(?<![\\w$.\"])" + REF + "\\s*=\\s*" + REF);
    static final Set<String> NOT_ALIASES =
            Set.of(
                    "where",
                    "join",
                    "on",
                    "using",
                    "left",
                    "right",
                    "inner",
                    "outer",
                    "full",
                    "cross",
                    "natural",
                    "group",
                    "order",
                    "limit",
                    "offset",
                    "having",
                    "union",
                    "except",
                    "intersect",
                    "window",
                    "fetch",
                    "for",
                    "lateral",
                    "as",
                    "and",
                    "or",
                    "select",
                    "set");

    private final Map<String, String> aliases = new LinkedHashMap<>();
    private final Set<String> tables = new LinkedHashSet<>();
    private final List<ColumnRef> columns = new ArrayList<>();
    private final Set<JoinEquality> joins = new LinkedHashSet<>();

    private SqlReferences() {}

    public static SqlReferences of(String sql) {
        SqlReferences r = new SqlReferences();
        String masked = masked(sql);
        r.readTables(masked);
        Matcher q = QUALIFIED.matcher(masked);
        while (q.find()) {
            if (q.group(2).equals("*")) continue;
            String qualifier = normalize(q.group(1));
            if (r.aliases.containsKey(qualifier + "." + normalize(q.group(2)))) continue;
            r.columns.add(
                    new ColumnRef(qualifier, r.aliases.get(qualifier), normalize(q.group(2))));
        }
        Matcher e = EQUALITY.matcher(masked);
        while (e.find()) {
            String t1 = r.aliases.get(normalize(e.group(1)));
            String t2 = r.aliases.get(normalize(e.group(3)));
            if (t1 != null && t2 != null && !t1.equals(t2))
                r.joins.add(JoinEquality.of(t1, normalize(e.group(2)), t2, normalize(e.group(4))));
        }
        return r;
    }

    private void readTables(String masked) {
        Matcher m = FROM_ITEM.matcher(masked);
        while (m.find()) {
            int next = m.end(1);
            while (next < masked.length() && Character.isWhitespace(masked.charAt(next))) next++;
            boolean functionCall = next < masked.length() && masked.charAt(next) == '(';
            if (!functionCall) addTable(m.group(1), m.group(2));
        }
        Matcher from = FROM_LIST.matcher(masked);
        while (from.find()) {
            for (String item : from.group(1).split(",")) {
                Matcher t = TABLE_ITEM.matcher(item.strip());
                if (t.matches()) addTable(t.group(1), t.group(2));
            }
        }
    }

    private void addTable(String rawTable, String rawAlias) {
        String table = bareTable(rawTable);
        if (NOT_ALIASES.contains(table)) return;
        tables.add(table);
        aliases.putIfAbsent(table, table);
        aliases.putIfAbsent(normalize(rawTable.replaceAll("\\s+", "")), table);
        if (rawAlias != null && !NOT_ALIASES.contains(rawAlias.toLowerCase(Locale.ROOT)))
            aliases.put(normalize(rawAlias), table);
    }

    /**
     * Every name a qualifier may use in this query: tables, aliases, schemas, subquery and CTE
     * names.
     */
    public Set<String> qualifiers(String sql) {
        Set<String> out = new LinkedHashSet<>(aliases.keySet());
        String masked = masked(sql);
        Matcher m = FROM_ITEM.matcher(masked);
        while (m.find()) {
            String raw = m.group(1).replaceAll("\\s+", "");
            int dot = raw.lastIndexOf('.');
            if (dot > 0) out.add(normalize(raw.substring(0, dot)));
        }
        Matcher sub = SUBQUERY_ALIAS.matcher(masked);
        while (sub.find())
            if (!NOT_ALIASES.contains(sub.group(1).toLowerCase(Locale.ROOT)))
                out.add(normalize(sub.group(1)));
        Matcher comma = COMMA_ITEM.matcher(masked);
        while (comma.find()) {
            out.add(normalize(comma.group(1)));
            if (comma.group(2) != null
                    && !NOT_ALIASES.contains(comma.group(2).toLowerCase(Locale.ROOT)))
                out.add(normalize(comma.group(2)));
        }
        return out;
    }

    /**
     * Literals and comments blanked, and the FROM inside EXTRACT / SUBSTRING / TRIM / IS DISTINCT
     * FROM hidden.
     */
    static String masked(String sql) {
        return SqlLint.mask(sql == null ? "" : sql, new ArrayList<>())
                .replaceAll(
                        "(?i)\\b(EXTRACT|SUBSTRING|TRIM|OVERLAY)\\s*\\(([^()]*?)\\bFROM\\b",
                        "$1($2 _from_")
                .replaceAll("(?i)\\bDISTINCT\\s+FROM\\b", "DISTINCT _from_");
    }

    public Map<String, String> aliases() {
        return aliases;
    }

    public Set<String> tables() {
        return tables;
    }

    public List<ColumnRef> columns() {
        return columns;
    }

    public Set<JoinEquality> joins() {
        return joins;
    }

    private static String bareTable(String raw) {
        String t = raw.replaceAll("\\s+", "");
        int dot = t.lastIndexOf('.');
        return normalize(dot >= 0 ? t.substring(dot + 1) : t);
    }

    static String normalize(String identifier) {
        return identifier.startsWith("\"")
                ? identifier.replace("\"", "")
                : identifier.toLowerCase(Locale.ROOT);
    }
}
