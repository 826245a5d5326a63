package dev.sqlexam.suite;

import dev.sqlexam.sql.SqlParsing;
import dev.sqlexam.sql.SqlText;

import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimestampValue;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.Statement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The constants a database's golds compare its columns with, by column name (lower case): {@code
 * status = 'shipped'}, {@code total > 100}, {@code IN (…)}, {@code BETWEEN}, a LIKE pattern's fixed
 * parts. The generator puts them, and values just beside them, into the suite's rows, so that every
 * filter of a gold both holds and fails on some row.
 */
public final class GoldConstants {

    /** In a group, the column is NULL (a gold's {@code IS NULL}). */
    static final String NULL = "\u0000NULL";

    private final Map<String, Set<String>> byColumn = new TreeMap<>();
    private final List<Map<String, String>> groups = new ArrayList<>();
    private final Set<List<String>> pairs = new LinkedHashSet<>();

    /**
     * COUNT constant → the conditions of the gold that compares a COUNT with it (its first group;
     * empty: none).
     */
    private final Map<Integer, Map<String, String>> counts = new TreeMap<>();

    private List<Integer> goldCounts;
    private Map<String, List<String>> group;

    private GoldConstants() {}

    public static GoldConstants of(Collection<String> golds) {
        GoldConstants out = new GoldConstants();
        // a gold the parser cannot read gives no constants; its columns still get sampled and
        // typed values
        for (String gold : golds)
            SqlParsing.onTree(SqlText.stripTrailingSemicolons(gold), out::readGold);
        return out;
    }

    private void readGold(Statement statement) {
        QuerySites sites = QuerySites.of(statement);
        Map<String, List<String>> together = new LinkedHashMap<>();
        goldCounts = new ArrayList<>();
        for (QuerySites.Predicate p : sites.predicates) {
            group = p.conjunct() ? together : null;
            read(p.expression());
        }
        Map<String, String> conditions =
                together.isEmpty() ? Map.of() : combinations(together).get(0);
        for (int k : goldCounts) counts.putIfAbsent(k, conditions);
        for (Function f : sites.functions) fallback(f);
        if (!together.isEmpty()) groups.addAll(combinations(together));
    }

    /** The constants compared with columns named {@code column} (any table), as text. */
    public Set<String> forColumn(String column) {
        return byColumn.getOrDefault(column.toLowerCase(Locale.ROOT), Set.of());
    }

    /**
     * Per gold, the constants its ANDed conditions compare columns with, together (column name in
     * lower case → the constant): a row must meet all of them at once for one condition's boundary
     * to show.
     */
    public List<Map<String, String>> groups() {
        return groups;
    }

    /**
     * Pairs of columns (names in lower case) a gold compares with each other ({@code ship_date >
     * order_date}, {@code a.price = b.price}): rows where they are equal or just apart tell {@code
     * <} from {@code <=}.
     */
    public Set<List<String>> pairs() {
        return pairs;
    }

    /**
     * The numbers a gold compares a COUNT with ({@code HAVING COUNT(*) > 150}): groups of about
     * that size tell its boundary.
     */
    public Set<Integer> counts() {
        return counts.keySet();
    }

    /**
     * The conditions (column → constant, {@link #NULL} for IS NULL) of the gold that compares a
     * COUNT with {@code count} or {@code count - 1}, so that a group sized for it passes its WHERE
     * (empty: none known).
     */
    public Map<String, String> countGroup(int count) {
        Map<String, String> group = counts.get(count);
        if (group == null) group = counts.get(count - 1);
        return group == null ? Map.of() : group;
    }

    public int size() {
        return byColumn.values().stream().mapToInt(Set::size).sum();
    }

    private void read(Expression e) {
        if (e instanceof ComparisonOperator c) {
            String left = columnOf(c.getLeftExpression());
            String right = columnOf(c.getRightExpression());
            if (left != null && right != null && !left.equalsIgnoreCase(right)) {
                pairs.add(List.of(left.toLowerCase(Locale.ROOT), right.toLowerCase(Locale.ROOT)));
            }
            pair(c.getLeftExpression(), c.getRightExpression());
            pair(c.getRightExpression(), c.getLeftExpression());
            count(c.getLeftExpression(), c.getRightExpression());
            count(c.getRightExpression(), c.getLeftExpression());
        } else if (e instanceof Between b) {
            pair(b.getLeftExpression(), b.getBetweenExpressionStart());
            pair(b.getLeftExpression(), b.getBetweenExpressionEnd());
        } else if (e instanceof InExpression in
                && in.getRightExpression() instanceof ExpressionList<?> list) {
            for (Expression item : list) pair(in.getLeftExpression(), item);
        } else if (e instanceof IsNullExpression isNull
                && !isNull.isNot()
                && group != null
                && columnOf(isNull.getLeftExpression()) != null) {
            // in a group only: the row that meets the gold's other conditions has this column NULL
            String column = columnOf(isNull.getLeftExpression()).toLowerCase(Locale.ROOT);
            group.computeIfAbsent(column, k -> new ArrayList<>()).add(NULL);
        } else if (e instanceof LikeExpression like
                && like.getRightExpression() instanceof StringValue pattern) {
            String column = columnOf(like.getLeftExpression());
            if (column != null) {
                String p = pattern.getValue();
                add(column, p.replace("%", "").replace("_", "x"));
                add(column, p.replace("%", "x").replace("_", "y"));
                add(column, p.replace("%", " ").replace("_", " ").trim());
            }
        }
    }

    /**
     * {@code COALESCE(specialty, 'general')}: the value a NULL stands in for is one a row may hold
     * too.
     */
    private void fallback(Function f) {
        String name = f.getName() == null ? "" : f.getName().toUpperCase(Locale.ROOT);
        if (!(name.equals("COALESCE") || name.equals("IFNULL") || name.equals("NULLIF"))
                || f.getParameters() == null
                || f.getParameters().size() < 2) return;
        group = null;
        Expression first = (Expression) f.getParameters().get(0);
        for (int i = 1; i < f.getParameters().size(); i++)
            pair(first, (Expression) f.getParameters().get(i));
    }

    private void count(Expression countSide, Expression valueSide) {
        if (countSide instanceof Function f
                && "COUNT".equalsIgnoreCase(f.getName())
                && valueSide instanceof LongValue n
                && n.getValue() >= 0
                && n.getValue() <= 100_000) {
            if (goldCounts != null) goldCounts.add((int) n.getValue());
        }
    }

    private void pair(Expression columnSide, Expression valueSide) {
        String column = columnOf(columnSide);
        String value = literal(valueSide);
        if (column != null && value != null) add(column, value);
    }

    private void add(String column, String value) {
        byColumn.computeIfAbsent(column.toLowerCase(Locale.ROOT), k -> new LinkedHashSet<>())
                .add(value);
        if (group != null) {
            List<String> values =
                    group.computeIfAbsent(column.toLowerCase(Locale.ROOT), k -> new ArrayList<>());
            if (!values.contains(value)) values.add(value);
        }
    }

    /**
     * One row's worth of constants per constant of a column: each column's first constant, and for
     * a column compared with several ({@code d >= '2025-01-01' AND d < '2026-01-01'}), one more per
     * further constant with the others kept, so that every end of a range is met together with the
     * gold's other conditions.
     */
    private static List<Map<String, String>> combinations(Map<String, List<String>> together) {
        Map<String, String> first = new LinkedHashMap<>();
        together.forEach((column, values) -> first.put(column, values.get(0)));
        List<Map<String, String>> out = new ArrayList<>();
        out.add(first);
        together.forEach(
                (column, values) -> {
                    for (int i = 1; i < values.size() && i < 4; i++) {
                        Map<String, String> other = new LinkedHashMap<>(first);
                        other.put(column, values.get(i));
                        out.add(other);
                    }
                });
        return out;
    }

    /**
     * The column a side names, also through casts, LOWER/UPPER/TRIM, date functions and the like
     * (one column only).
     */
    private static String columnOf(Expression e) {
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) return columnOf(p.get(0));
        if (e instanceof Column c) return unquote(c.getColumnName());
        if (e instanceof CastExpression cast) return columnOf(cast.getLeftExpression());
        if (e instanceof ExtractExpression x) return columnOf(x.getExpression());
        if (e instanceof Function f && f.getParameters() != null) {
            List<String> columns = new ArrayList<>();
            for (Object p : f.getParameters()) {
                if (p instanceof Expression x && columnOf(x) != null) columns.add(columnOf(x));
            }
            return columns.size() == 1 ? columns.get(0) : null;
        }
        return null;
    }

    private static String literal(Expression e) {
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) return literal(p.get(0));
        if (e instanceof LongValue l) return l.getStringValue();
        if (e instanceof DoubleValue d) return String.valueOf(d.getValue());
        if (e instanceof StringValue s) return s.getValue().replace("''", "'");
        if (e instanceof DateValue d) return d.getValue().toString();
        if (e instanceof TimestampValue t) return t.getValue().toString();
        if (e instanceof SignedExpression s
                && s.getSign() == '-'
                && literal(s.getExpression()) != null) return "-" + literal(s.getExpression());
        if (e instanceof CastExpression cast) return literal(cast.getLeftExpression());
        return null;
    }

    private static String unquote(String name) {
        return name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")
                ? name.substring(1, name.length() - 1)
                : name;
    }
}
