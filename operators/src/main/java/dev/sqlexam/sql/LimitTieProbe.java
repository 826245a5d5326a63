package dev.sqlexam.sql;

import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Builds the query that tells whether {@code ORDER BY … LIMIT n} cuts through a tie: the same query
 * with LIMIT n+1 and its ORDER BY keys added as output columns. If row n+1 has the same keys as row
 * n, a different but equally correct answer exists, and the gold cannot be graded fairly.
 */
public final class LimitTieProbe {

    public static final String KEY_PREFIX = "__tie_key_";

    /**
     * The probe query, the gold's limit, and where each ORDER BY key sits in the probe's output.
     */
    public record Probe(String sql, long limit, List<Integer> keyColumns) {}

    private LimitTieProbe() {}

    /**
     * The probe of a query ({@code probe} null: nothing to probe), or why one with ORDER BY and
     * LIMIT could not be read.
     */
    public record Attempt(Probe probe, String unreadable) {}

    /**
     * Empty when the query has no top-level ORDER BY with a plain LIMIT, or when it cannot be
     * probed ({@link #attempt} says why).
     */
    public static Optional<Probe> of(String sql) {
        return Optional.ofNullable(attempt(sql).probe());
    }

    /**
     * Why a query with a top-level ORDER BY and LIMIT cannot be probed (the parser cannot read it);
     * null when it can or has nothing to probe.
     */
    public static String unreadable(String sql) {
        return attempt(sql).unreadable();
    }

    /**
     * One parse: the probe, or why the parser could not read a query that has a top-level ORDER BY
     * and LIMIT.
     */
    public static Attempt attempt(String sql) {
        String body = SqlText.stripTrailingSemicolons(sql);
        try {
            Statement statement = SqlParsing.parse(body);
            return new Attempt(
                    statement instanceof PlainSelect select ? probe(select) : null, null);
        } catch (Exception | StackOverflowError e) {
            boolean probeable =
                    SqlText.hasTopLevel(body, "ORDER\\s+BY") && SqlText.hasTopLevel(body, "LIMIT");
            return new Attempt(
                    null,
                    probeable
                            ? "JSqlParser could not read the query (" + SqlParsing.reason(e) + ")"
                            : null);
        }
    }

    /**
     * The probe of a parsed query; null when it has no ORDER BY with a plain LIMIT or its keys
     * cannot be added.
     */
    private static Probe probe(PlainSelect select) {
        List<OrderByElement> orderBy = select.getOrderByElements();
        Limit limit = select.getLimit();
        if (orderBy == null
                || orderBy.isEmpty()
                || limit == null
                || limit.getOffset() != null
                || select.getOffset() != null
                || !(limit.getRowCount() instanceof LongValue rowCount)) {
            return null;
        }
        List<SelectItem<?>> items = select.getSelectItems();
        boolean distinct = select.getDistinct() != null;
        List<Integer> keys = new ArrayList<>();
        int outputColumns = items.size();
        int added = 0;
        for (OrderByElement element : orderBy) {
            int output = outputPosition(element.getExpression(), items);
            if (output >= 0) {
                keys.add(output);
            } else if (distinct) {
                return null;
            } else {
                select.addSelectItem(element.getExpression(), new Alias(KEY_PREFIX + added));
                keys.add(outputColumns + added);
                added++;
            }
        }
        long n = rowCount.getValue();
        select.setLimit(new Limit().withRowCount(new LongValue(n + 1)));
        return new Probe(select.toString(), n, keys);
    }

    /** True when the row after the limit ties with the last row kept on every ORDER BY key. */
    public static boolean tieAtLimit(
            Probe probe, QueryResult result, java.util.function.BiPredicate<Object, Object> equal) {
        if (result.rowCount() <= probe.limit() || probe.limit() < 1) return false;
        List<Object> last = result.rows().get((int) probe.limit() - 1);
        List<Object> next = result.rows().get((int) probe.limit());
        for (int key : probe.keyColumns()) {
            if (!equal.test(last.get(key), next.get(key))) return false;
        }
        return true;
    }

    private static int outputPosition(Expression key, List<SelectItem<?>> items) {
        if (key instanceof LongValue position) {
            int p = (int) position.getValue() - 1;
            return p >= 0 && p < items.size() ? p : -1;
        }
        if (key instanceof Column c && c.getTable() == null) {
            for (int i = 0; i < items.size(); i++) {
                Alias alias = items.get(i).getAlias();
                if (alias != null && norm(alias.getName()).equals(norm(c.getColumnName())))
                    return i;
            }
        }
        String text = norm(key.toString());
        for (int i = 0; i < items.size(); i++) {
            if (norm(items.get(i).getExpression().toString()).equals(text)) return i;
        }
        return -1;
    }

    private static String norm(String s) {
        return s.replace("\"", "").replaceAll("\\s+", " ").trim().toLowerCase(Locale.ROOT);
    }
}
