package dev.sqlexam.evaluation;

import dev.sqlexam.sql.SqlParsing;
import dev.sqlexam.sql.SqlReferences;
import dev.sqlexam.sql.SqlText;

import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plausible wrong answers made from a correct query, for the selection benchmark: queries that
 * still run but mean something else (another aggregate, a lost filter, the other sort direction,
 * one row too many, a boundary moved, a join on the wrong key). Each is a change a model makes in
 * practice; none looks at the question.
 */
public final class SemanticCorruptor {

    /** One corrupted variant. */
    public record Variant(String type, String sql) {}

    private static final Pattern AGGREGATE = Pattern.compile("(?i)\\b(SUM|AVG|MIN|MAX)\\s*\\(");
    private static final Pattern LIMIT = Pattern.compile("(?i)\\bLIMIT\\s+(\\d+)");
    private static final Pattern BOUNDARY =
            Pattern.compile("(>=|<=|(?<![<>!=])>(?!=)|(?<![<>!=])<(?![=>]))");
    private static final Pattern JOIN_ON =
            Pattern.compile(
                    "(?i)\\bON\\s+([A-Za-z_]\\w*)\\.([A-Za-z_]\\w*)\\s*=\\s*([A-Za-z_]\\w*)\\.([A-Za-z_]\\w*)");

    private SemanticCorruptor() {}

    public static List<Variant> corrupt(String sql, Map<String, Set<String>> columns) {
        List<Variant> out = new ArrayList<>();
        String code = SqlText.maskQuotedAndComments(sql);
        Matcher agg = AGGREGATE.matcher(code);
        if (agg.find()) {
            String swapped =
                    switch (agg.group(1).toUpperCase()) {
                        case "SUM" -> "AVG";
                        case "AVG" -> "SUM";
                        case "MIN" -> "MAX";
                        default -> "MIN";
                    };
            add(
                    out,
                    "other_aggregate",
                    sql,
                    sql.substring(0, agg.start(1)) + swapped + sql.substring(agg.end(1)));
        }
        Matcher limit = LIMIT.matcher(code);
        if (limit.find()) {
            add(
                    out,
                    "limit_plus_one",
                    sql,
                    sql.substring(0, limit.start(1))
                            + (Long.parseLong(limit.group(1)) + 1)
                            + sql.substring(limit.end(1)));
        }
        int where = indexOfWord(code, "WHERE");
        if (where >= 0) {
            Matcher b = BOUNDARY.matcher(code);
            if (b.find(where)) {
                String op = b.group(1);
                String moved =
                        switch (op) {
                            case ">=" -> ">";
                            case "<=" -> "<";
                            case ">" -> ">=";
                            default -> "<=";
                        };
                add(
                        out,
                        "moved_boundary",
                        sql,
                        sql.substring(0, b.start(1)) + moved + sql.substring(b.end(1)));
            }
        }
        parsed(sql, out);
        wrongJoinColumn(sql, code, columns, out);
        return out;
    }

    /**
     * The parser-based corruptions (dropped filter, flipped order); none for a query JSqlParser
     * cannot read ({@link #structural} tells a caller so).
     */
    private static void parsed(String sql, List<Variant> out) {
        SqlParsing.onTree(
                SqlText.stripTrailingSemicolons(sql),
                st -> {
                    if (st instanceof PlainSelect select) corruptTree(sql, select, out);
                });
    }

    private static void corruptTree(String sql, PlainSelect select, List<Variant> out) {
        if (select.getWhere() != null) {
            var original = select.getWhere();
            select.setWhere(original instanceof AndExpression and ? and.getLeftExpression() : null);
            add(out, "dropped_filter", sql, select.toString());
            select.setWhere(original);
        }
        List<OrderByElement> order = select.getOrderByElements();
        if (order != null && !order.isEmpty()) {
            OrderByElement first = order.get(0);
            boolean asc = first.isAsc();
            boolean explicit = first.isAscDescPresent();
            first.setAsc(!asc);
            first.setAscDescPresent(true);
            add(out, "flipped_order", sql, select.toString());
            first.setAsc(asc);
            first.setAscDescPresent(explicit);
        }
    }

    /**
     * Whether {@link #corrupt} can make the parser-based corruptions of {@code sql} (dropped
     * filter, flipped order); unreadable SQL has no structure to corrupt.
     */
    public static boolean structural(String sql) {
        return SqlParsing.fromTree(
                        SqlText.stripTrailingSemicolons(sql), st -> st instanceof PlainSelect)
                .orElse(false);
    }

    private static void wrongJoinColumn(
            String sql, String code, Map<String, Set<String>> columns, List<Variant> out) {
        Matcher on = JOIN_ON.matcher(code);
        if (!on.find()) return;
        String table = SqlReferences.of(sql).aliases().get(on.group(3).toLowerCase());
        if (table == null) table = on.group(3);
        Set<String> keys = new TreeSet<>();
        for (String c : columns.getOrDefault(table, Set.of()))
            if (c.endsWith("_id") && !c.equalsIgnoreCase(on.group(4))) keys.add(c);
        if (keys.isEmpty()) return;
        add(
                out,
                "wrong_join_column",
                sql,
                sql.substring(0, on.start(4)) + keys.iterator().next() + sql.substring(on.end(4)));
    }

    private static int indexOfWord(String code, String word) {
        Matcher m = Pattern.compile("(?i)\\b" + word + "\\b").matcher(code);
        return m.find() ? m.start() : -1;
    }

    private static void add(List<Variant> out, String type, String original, String variant) {
        if (!variant.equals(original)) out.add(new Variant(type, variant));
    }
}
