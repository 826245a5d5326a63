package dev.sqlexam.grading;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Fetch;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperation;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a parsed query into a {@link QueryShape}: aliases resolved to tables, expressions made
 * canonical, conditions split from join equalities, ORDER BY and GROUP BY keys that name an output
 * column by alias or position replaced by its expression.
 */
final class ShapeReader {

    /** A query the comparison cannot read (not a SELECT, or a part it does not know). */
    static final class Unreadable extends RuntimeException {
        Unreadable(String message) {
            super(message);
        }
    }

    private final List<SelectBlock> blocks = new ArrayList<>();
    private final Set<String> cteNames = new HashSet<>();

    private ShapeReader() {}

    static QueryShape read(Statement statement) {
        if (!(statement instanceof Select select))
            throw new Unreadable("not a SELECT: " + statement.getClass().getSimpleName());
        ShapeReader reader = new ShapeReader();
        List<ShapeNode> ctes = new ArrayList<>();
        if (select.getWithItemsList() != null) {
            for (WithItem<?> with : select.getWithItemsList()) {
                if (with.getSelect() == null)
                    throw new Unreadable("a WITH item that is not a query");
                ctes.add(reader.node(with.getSelect(), null, "/c" + ctes.size()));
                reader.cteNames.add(SqlNames.of(with.getAlias().getName()));
            }
        }
        ShapeNode root = reader.nodeWithoutCtes(select, null, "");
        return new QueryShape(root, List.copyOf(ctes), List.copyOf(reader.blocks));
    }

    ShapeNode node(Select select, Scope parent, String path) {
        if (select.getWithItemsList() != null && !select.getWithItemsList().isEmpty())
            throw new Unreadable("a WITH inside a subquery");
        return nodeWithoutCtes(select, parent, path);
    }

    private ShapeNode nodeWithoutCtes(Select select, Scope parent, String path) {
        if (select instanceof ParenthesedSelect parenthesed) {
            ShapeNode inner = node(parenthesed.getSelect(), parent, path);
            if (select.getOrderByElements() == null
                    && select.getLimit() == null
                    && select.getOffset() == null
                    && select.getFetch() == null) return inner;
            if (!(inner instanceof SelectBlock block))
                throw new Unreadable("ORDER BY or LIMIT after a parenthesized set operation");
            block.orderAndLimit(orderAndLimit(select, new Scope(parent), Map.of(), block));
            return block;
        }
        if (select instanceof PlainSelect plain) return block(plain, parent, path);
        if (select instanceof SetOperationList setOperation)
            return setOperation(setOperation, parent, path);
        throw new Unreadable("a " + select.getClass().getSimpleName() + " query");
    }

    private SetOperationNode setOperation(SetOperationList list, Scope parent, String path) {
        List<ShapeNode> branches = new ArrayList<>();
        for (Select branch : list.getSelects())
            branches.add(node(branch, parent, path + "/u" + branches.size()));
        List<String> operators = new ArrayList<>();
        for (SetOperation operation : list.getOperations())
            operators.add(
                    operation.toString().strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " "));
        SelectBlock first = branches.get(0) instanceof SelectBlock b ? b : null;
        Scope scope = new Scope(parent);
        ShapeNode.OrderAndLimit orderAndLimit =
                orderAndLimit(list, scope, first == null ? Map.of() : outputs(first, list), first);
        return new SetOperationNode(
                path, List.copyOf(branches), List.copyOf(operators), orderAndLimit);
    }

    private SelectBlock block(PlainSelect select, Scope parent, String path) {
        SelectBlock block = new SelectBlock(path);
        blocks.add(block);
        Scope scope = new Scope(parent);
        List<Join> joins = new ArrayList<>();
        List<FromItem> items = new ArrayList<>();
        if (select.getFromItem() != null) flatten(select.getFromItem(), null, items, joins);
        if (select.getJoins() != null)
            for (Join join : select.getJoins()) flatten(join.getRightItem(), join, items, joins);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String name = fromItem(items.get(i), block, scope, parent);
            names.add(name);
            block.tables.add(new TableUse(name, joinKind(joins.get(i)), path, i, items.size() > 1));
        }
        List<BoolShape> shapes = new ArrayList<>();
        ConditionReader where = new ConditionReader(this, scope, block, block.conditions, "w");
        for (int i = 0; i < joins.size(); i++) {
            Join join = joins.get(i);
            if (join == null) continue;
            if (join.getOnExpressions() != null)
                for (Expression on : join.getOnExpressions()) shapes.add(where.read(on));
            for (Column using :
                    join.getUsingColumns() == null ? List.<Column>of() : join.getUsingColumns()) {
                String column = SqlNames.of(using.getColumnName());
                block.joins.add(
                        new JoinEquality(
                                new ColumnRef(names.get(i - 1), column, 0),
                                new ColumnRef(names.get(i), column, 0),
                                false));
            }
        }
        List<Select> itemSubqueries = new ArrayList<>();
        for (SelectItem<?> item : select.getSelectItems())
            block.items.add(ExprRenderer.render(item.getExpression(), scope, itemSubqueries));
        for (Select subquery : itemSubqueries)
            block.itemSubqueries.add(
                    node(subquery, scope, path + "/s" + block.itemSubqueries.size()));
        if (select.getWhere() != null) shapes.add(where.read(select.getWhere()));
        block.conditionShape = BoolShape.of("and", shapes);
        block.distinct = select.getDistinct() != null;
        Map<String, CanonicalExpr> outputs = outputs(block, select);
        if (select.getGroupBy() != null && select.getGroupBy().getGroupByExpressionList() != null) {
            for (Object key : (ExpressionList<?>) select.getGroupBy().getGroupByExpressionList())
                block.groupBy.add(outputKey((Expression) key, scope, outputs, block));
        }
        if (select.getHaving() != null)
            new ConditionReader(this, scope, block, block.having, "h").read(select.getHaving());
        block.orderAndLimit(orderAndLimit(select, scope, outputs, block));
        return block;
    }

    private static void flatten(FromItem item, Join join, List<FromItem> items, List<Join> joins) {
        if (item instanceof ParenthesedFromItem parenthesed) {
            flatten(parenthesed.getFromItem(), join, items, joins);
            if (parenthesed.getJoins() != null)
                for (Join inner : parenthesed.getJoins())
                    flatten(inner.getRightItem(), inner, items, joins);
            return;
        }
        items.add(item);
        joins.add(join);
    }

    /** Registers a FROM item in the scope; its table's name, or a placeholder for the others. */
    private String fromItem(FromItem item, SelectBlock block, Scope scope, Scope parent) {
        String alias = item.getAlias() == null ? null : item.getAlias().getName();
        String name;
        if (item instanceof Table table) {
            String tableName = SqlNames.of(table.getName());
            name = cteNames.contains(tableName) ? "(cte " + tableName + ")" : tableName;
        } else if (item instanceof Select derived) {
            name = "(derived " + block.derivedTables.size() + ")";
            block.derivedTables.add(
                    node(derived, parent, block.path() + "/f" + block.derivedTables.size()));
        } else {
            throw new Unreadable("a FROM item " + item.getClass().getSimpleName());
        }
        scope.add(name, alias);
        return name;
    }

    private static String joinKind(Join join) {
        if (join == null || join.isSimple() || join.isNatural()) return "inner";
        if (join.isLeft()) return "left";
        if (join.isRight()) return "right";
        if (join.isFull()) return "full";
        if (join.isCross()) return "cross";
        return "inner";
    }

    /** The output expressions by alias, for ORDER BY and GROUP BY keys that name one. */
    private static Map<String, CanonicalExpr> outputs(SelectBlock block, Select select) {
        Map<String, CanonicalExpr> outputs = new HashMap<>();
        PlainSelect plain = select instanceof PlainSelect p ? p : firstPlain(select);
        if (plain == null) return outputs;
        List<SelectItem<?>> items = plain.getSelectItems();
        for (int i = 0; i < items.size() && i < block.items.size(); i++) {
            if (items.get(i).getAlias() != null)
                outputs.put(SqlNames.of(items.get(i).getAlias().getName()), block.items.get(i));
        }
        return outputs;
    }

    private static PlainSelect firstPlain(Select select) {
        if (select instanceof PlainSelect plain) return plain;
        if (select instanceof ParenthesedSelect parenthesed)
            return firstPlain(parenthesed.getSelect());
        if (select instanceof SetOperationList list) return firstPlain(list.getSelects().get(0));
        return null;
    }

    /** A key by output position (ORDER BY 2) or alias is that output's expression. */
    private static CanonicalExpr outputKey(
            Expression key, Scope scope, Map<String, CanonicalExpr> outputs, SelectBlock block) {
        Expression x = ConditionReader.unwrap(key);
        if (x instanceof LongValue position && block != null) {
            long index = position.getValue() - 1;
            if (index >= 0 && index < block.items.size()) return block.items.get((int) index);
        }
        if (x instanceof Column column && column.getTable() == null) {
            CanonicalExpr output = outputs.get(SqlNames.of(column.getColumnName()));
            if (output != null) return output;
        }
        return ExprRenderer.render(x, scope, new ArrayList<>());
    }

    private static ShapeNode.OrderAndLimit orderAndLimit(
            Select select, Scope scope, Map<String, CanonicalExpr> outputs, SelectBlock block) {
        List<ShapeNode.OrderKey> keys = new ArrayList<>();
        if (select.getOrderByElements() != null) {
            for (OrderByElement element : select.getOrderByElements()) {
                String nulls =
                        element.getNullOrdering() == null
                                ? null
                                : element.getNullOrdering().name().toLowerCase(Locale.ROOT);
                keys.add(
                        new ShapeNode.OrderKey(
                                outputKey(element.getExpression(), scope, outputs, block),
                                !element.isAsc(),
                                nulls));
            }
        }
        String limit = null;
        String offset = null;
        Limit l = select.getLimit();
        if (l != null) {
            if (l.getRowCount() != null && !l.isLimitAll() && !l.isLimitNull())
                limit = constant(l.getRowCount());
            if (l.getOffset() != null) offset = constant(l.getOffset());
        }
        Fetch fetch = select.getFetch();
        if (fetch != null)
            limit =
                    fetch.getExpression() != null
                            ? constant(fetch.getExpression())
                            : String.valueOf(fetch.getRowCount());
        if (select.getOffset() != null) offset = constant(select.getOffset().getOffset());
        if ("0".equals(offset)) offset = null;
        return new ShapeNode.OrderAndLimit(List.copyOf(keys), limit, offset);
    }

    private static String constant(Expression e) {
        Literal literal = Literal.of(e);
        if (literal != null && literal.number() != null)
            return literal.number().stripTrailingZeros().toPlainString();
        return e.toString().toLowerCase(Locale.ROOT);
    }
}
