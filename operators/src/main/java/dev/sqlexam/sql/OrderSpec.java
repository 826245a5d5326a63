package dev.sqlexam.sql;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a query's row order is part of its answer: only a top-level ORDER BY makes it so (one
 * inside a subquery, a CTE, a window or an aggregate does not). When the ORDER BY keys are output
 * columns, their positions are kept, so rows that tie on every key may come in any order.
 */
public record OrderSpec(boolean ordered, List<Integer> keyColumns, String keysUnreadable) {

    public static final OrderSpec UNORDERED = new OrderSpec(false, List.of());

    /** Ordered, row by row, with no knowledge of ties. */
    public static final OrderSpec SEQUENCE = new OrderSpec(true, List.of());

    /**
     * {@code keysUnreadable}: why the ORDER BY keys could not be read (the parser failed), so ties
     * are not recognised; else null.
     */
    public OrderSpec {
        keyColumns = List.copyOf(keyColumns);
    }

    public OrderSpec(boolean ordered, List<Integer> keyColumns) {
        this(ordered, keyColumns, null);
    }

    /** True when ties can be recognised; otherwise ordered results compare row by row. */
    public boolean keysKnown() {
        return ordered && !keyColumns.isEmpty();
    }

    /** The order rule for a gold query, honouring an exam line's explicit {@code order_matters}. */
    public static OrderSpec forGold(String sql, Boolean orderMattersOverride) {
        if (orderMattersOverride == null) return of(sql);
        if (!orderMattersOverride) return UNORDERED;
        OrderSpec derived = of(sql);
        return derived.ordered() ? derived : SEQUENCE;
    }

    /**
     * The order rule of a query text, parsed once: every variant, run and predictions file of a
     * question grades against its gold's.
     */
    public static OrderSpec of(String sql) {
        return PARSED.get(sql, OrderSpec::parse);
    }

    private static final com.github.benmanes.caffeine.cache.Cache<String, OrderSpec> PARSED =
            com.github.benmanes.caffeine.cache.Caffeine.newBuilder().maximumSize(8_192).build();

    private static OrderSpec parse(String sql) {
        String body = SqlText.stripTrailingSemicolons(sql);
        if (!SqlText.hasTopLevel(body, "ORDER\\s+BY")) return UNORDERED;
        try {
            return new OrderSpec(true, keyColumnsOf(body));
        } catch (Exception | StackOverflowError e) {
            // the lexical check above found the ORDER BY: order is still compared, row by row,
            // without knowing the ties
            return new OrderSpec(
                    true,
                    List.of(),
                    "JSqlParser could not read the query (" + SqlParsing.reason(e) + ")");
        }
    }

    private static List<Integer> keyColumnsOf(String sql) throws Exception {
        {
            Statement statement = SqlParsing.parse(sql);
            if (!(statement instanceof Select select)) return List.of();
            List<OrderByElement> orderBy = select.getOrderByElements();
            List<SelectItem<?>> items = selectItemsOf(select);
            if (orderBy == null || orderBy.isEmpty() || items.isEmpty()) return List.of();
            List<Integer> keys = new ArrayList<>();
            for (OrderByElement element : orderBy) {
                int index = outputPosition(element.getExpression(), items);
                if (index < 0) return List.of();
                keys.add(index);
            }
            return keys;
        }
    }

    private static List<SelectItem<?>> selectItemsOf(Select select) {
        if (select instanceof PlainSelect plain) return plain.getSelectItems();
        if (select instanceof SetOperationList setOps && !setOps.getSelects().isEmpty()) {
            return selectItemsOf(setOps.getSelects().get(0));
        }
        return List.of();
    }

    private static int outputPosition(Expression key, List<SelectItem<?>> items) {
        for (SelectItem<?> item : items) {
            if (item.getExpression() instanceof AllColumns
                    || item.getExpression() instanceof AllTableColumns) {
                return -1;
            }
        }
        if (key instanceof LongValue position) {
            int p = (int) position.getValue() - 1;
            return p >= 0 && p < items.size() ? p : -1;
        }
        String keyText = normalise(key.toString());
        for (int i = 0; i < items.size(); i++) {
            SelectItem<?> item = items.get(i);
            if (item.getAlias() != null
                    && key instanceof Column c
                    && c.getTable() == null
                    && normalise(item.getAlias().getName()).equals(normalise(c.getColumnName()))) {
                return i;
            }
        }
        for (int i = 0; i < items.size(); i++) {
            Expression expression = items.get(i).getExpression();
            if (normalise(expression.toString()).equals(keyText)) return i;
            if (key instanceof Column k
                    && k.getTable() == null
                    && expression instanceof Column c
                    && normalise(c.getColumnName()).equals(normalise(k.getColumnName()))
                    && items.get(i).getAlias() == null) {
                return i;
            }
        }
        return -1;
    }

    private static String normalise(String text) {
        String t = text.replace("\"", "").replaceAll("\\s+", " ").trim();
        return t.toLowerCase(Locale.ROOT);
    }
}
