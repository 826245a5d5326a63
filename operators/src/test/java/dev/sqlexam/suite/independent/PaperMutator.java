package dev.sqlexam.suite.independent;

import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Distinct;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * Single-edit neighbours of a query as Zhong, Yu and Klein (EMNLP 2020) list them for distilling
 * test suites, written for these tests on JSqlParser's tree (independent of the suite package's
 * neighbours): a column replaced by another of the same table and type, a number or string literal
 * replaced, a comparison operator replaced, an aggregate replaced, DISTINCT dropped or added (on
 * the select and inside an aggregate), ASC and DESC flipped, the join type changed (inner and
 * left), a conjunct dropped, AND and OR swapped, the LIMIT moved by one or dropped. Each mutant
 * differs from the query in one place.
 */
public final class PaperMutator {

    public record Mutant(String sql, String operator) {}

    private record Site(String operator, int variants, IntConsumer apply) {}

    private static final List<Class<? extends BinaryExpression>> COMPARISONS =
            List.of(
                    EqualsTo.class,
                    NotEqualsTo.class,
                    GreaterThan.class,
                    GreaterThanEquals.class,
                    MinorThan.class,
                    MinorThanEquals.class);
    private static final List<String> AGGREGATES = List.of("COUNT", "SUM", "AVG", "MIN", "MAX");

    private PaperMutator() {}

    /**
     * The mutants of {@code sql} (none when it does not parse). {@code columns}: table name →
     * column name → type family (lower case; used to replace a column by another of its table with
     * the same family; empty: no column replacements).
     */
    public static List<Mutant> mutants(String sql, Map<String, Map<String, String>> columns) {
        Statement original;
        try {
            original = CCJSqlParserUtil.parse(sql);
        } catch (Exception | StackOverflowError e) {
            return List.of();
        }
        String canonical = original.toString();
        List<Site> sites = sites(original, columns);
        Map<String, Mutant> out = new LinkedHashMap<>();
        for (int i = 0; i < sites.size(); i++) {
            for (int v = 0; v < sites.get(i).variants(); v++) {
                try {
                    Statement copy = CCJSqlParserUtil.parse(sql);
                    Site site = sites(copy, columns).get(i);
                    site.apply().accept(v);
                    String mutated = copy.toString();
                    if (!mutated.equals(canonical))
                        out.putIfAbsent(mutated, new Mutant(mutated, site.operator()));
                } catch (Exception | StackOverflowError e) {
                    // this edit does not make a statement: no mutant
                }
            }
        }
        return new ArrayList<>(out.values());
    }

    private static List<Site> sites(Statement statement, Map<String, Map<String, String>> columns) {
        Map<String, String> aliases = new LinkedHashMap<>();
        List<String> strings = new ArrayList<>();
        walk(
                statement,
                (node, slot) -> {
                    if (node instanceof Table t && t.getName() != null) {
                        aliases.putIfAbsent(
                                t.getName().toLowerCase(Locale.ROOT),
                                t.getName().toLowerCase(Locale.ROOT));
                        if (t.getAlias() != null)
                            aliases.put(
                                    t.getAlias().getName().toLowerCase(Locale.ROOT),
                                    t.getName().toLowerCase(Locale.ROOT));
                    }
                    if (node instanceof StringValue s && !strings.contains(s.getValue()))
                        strings.add(s.getValue());
                });
        List<Site> sites = new ArrayList<>();
        walk(statement, (node, slot) -> collect(node, slot, sites, columns, aliases, strings));
        return sites;
    }

    private static void collect(
            Object node,
            Consumer<Object> slot,
            List<Site> sites,
            Map<String, Map<String, String>> columns,
            Map<String, String> aliases,
            List<String> strings) {
        if (node instanceof BinaryExpression b && COMPARISONS.contains(b.getClass())) {
            List<Class<? extends BinaryExpression>> others =
                    COMPARISONS.stream().filter(c -> c != b.getClass()).toList();
            sites.add(
                    new Site(
                            "comparison",
                            others.size(),
                            v -> slot.accept(comparison(others.get(v), b))));
        } else if (node instanceof AndExpression and) {
            sites.add(
                    new Site(
                            "conjunct dropped",
                            2,
                            v ->
                                    slot.accept(
                                            v == 0
                                                    ? and.getLeftExpression()
                                                    : and.getRightExpression())));
            sites.add(
                    new Site(
                            "and/or",
                            1,
                            v ->
                                    slot.accept(
                                            new ParenthesedExpressionList<>(
                                                    new OrExpression(
                                                            and.getLeftExpression(),
                                                            and.getRightExpression())))));
        } else if (node instanceof OrExpression or) {
            sites.add(
                    new Site(
                            "and/or",
                            1,
                            v ->
                                    slot.accept(
                                            new ParenthesedExpressionList<>(
                                                    new AndExpression(
                                                            or.getLeftExpression(),
                                                            or.getRightExpression())))));
        } else if (node instanceof LongValue l) {
            sites.add(
                    new Site(
                            "number",
                            2,
                            v -> slot.accept(new LongValue(l.getValue() + (v == 0 ? 1 : -1)))));
        } else if (node instanceof DoubleValue d) {
            sites.add(
                    new Site(
                            "number",
                            2,
                            v ->
                                    slot.accept(
                                            new DoubleValue(
                                                    Double.toString(
                                                            d.getValue() + (v == 0 ? 1 : -1))))));
        } else if (node instanceof StringValue s) {
            stringSite(s, sites, strings);
        } else if (node instanceof Function f
                && f.getName() != null
                && AGGREGATES.contains(f.getName().toUpperCase(Locale.ROOT))) {
            boolean star =
                    f.isAllColumns()
                            || (f.getParameters() != null
                                    && f.getParameters().toString().trim().equals("*"));
            if (!star) {
                List<String> others =
                        AGGREGATES.stream().filter(a -> !a.equalsIgnoreCase(f.getName())).toList();
                sites.add(new Site("aggregate", others.size(), v -> f.setName(others.get(v))));
                sites.add(
                        new Site("distinct in aggregate", 1, v -> f.setDistinct(!f.isDistinct())));
            }
        } else if (node instanceof PlainSelect ps) {
            sites.add(
                    new Site(
                            "distinct",
                            1,
                            v -> ps.setDistinct(ps.getDistinct() == null ? new Distinct() : null)));
            if (ps.getLimit() != null)
                sites.add(new Site("limit dropped", 1, v -> ps.setLimit(null)));
        } else if (node instanceof OrderByElement o) {
            sites.add(
                    new Site(
                            "asc/desc",
                            1,
                            v -> {
                                o.setAsc(!o.isAsc());
                                o.setAscDescPresent(true);
                            }));
        } else if (node instanceof Join j
                && !j.isSimple()
                && !j.isCross()
                && !j.getOnExpressions().isEmpty()) {
            sites.add(
                    new Site(
                            "join type",
                            1,
                            v -> {
                                boolean outer = j.isLeft() || j.isRight() || j.isFull();
                                j.setRight(false);
                                j.setFull(false);
                                j.setOuter(false);
                                j.setInner(false);
                                j.setLeft(!outer);
                            }));
        } else if (node instanceof Column c) {
            columnSite(c, sites, columns, aliases);
        }
    }

    private static void stringSite(StringValue s, List<Site> sites, List<String> strings) {
        String value = s.getValue();
        if (value.matches("\\d{4}-\\d{2}-\\d{2}.*")) {
            LocalDate d = LocalDate.parse(value.substring(0, 10));
            sites.add(
                    new Site(
                            "date",
                            2,
                            v ->
                                    s.setValue(
                                            (v == 0 ? d.plusDays(1) : d.minusDays(1))
                                                    + value.substring(10))));
            return;
        }
        List<String> others =
                new ArrayList<>(
                        strings.stream()
                                .filter(
                                        x ->
                                                !x.equals(value)
                                                        && !x.matches("\\d{4}-\\d{2}-\\d{2}.*"))
                                .toList());
        String recased =
                value.equals(value.toLowerCase(Locale.ROOT))
                        ? value.toUpperCase(Locale.ROOT)
                        : value.toLowerCase(Locale.ROOT);
        if (!recased.equals(value)) others.add(recased);
        if (!others.isEmpty())
            sites.add(new Site("string", others.size(), v -> s.setValue(others.get(v))));
    }

    private static void columnSite(
            Column c,
            List<Site> sites,
            Map<String, Map<String, String>> columns,
            Map<String, String> aliases) {
        String name = c.getColumnName().toLowerCase(Locale.ROOT);
        String qualifier =
                c.getTable() == null || c.getTable().getName() == null
                        ? null
                        : c.getTable().getName().toLowerCase(Locale.ROOT);
        Set<String> tables = new LinkedHashSet<>();
        if (qualifier != null) {
            if (aliases.containsKey(qualifier)) tables.add(aliases.get(qualifier));
        } else {
            for (String t : new LinkedHashSet<>(aliases.values()))
                if (columns.getOrDefault(t, Map.of()).containsKey(name)) tables.add(t);
        }
        if (tables.size() != 1) return;
        Map<String, String> table = columns.getOrDefault(tables.iterator().next(), Map.of());
        String family = table.get(name);
        if (family == null) return;
        List<String> others =
                table.entrySet().stream()
                        .filter(e -> e.getValue().equals(family) && !e.getKey().equals(name))
                        .map(Map.Entry::getKey)
                        .limit(3)
                        .toList();
        if (!others.isEmpty())
            sites.add(new Site("column", others.size(), v -> c.setColumnName(others.get(v))));
    }

    private static BinaryExpression comparison(
            Class<? extends BinaryExpression> type, BinaryExpression from) {
        try {
            BinaryExpression e = type.getDeclaredConstructor().newInstance();
            e.setLeftExpression(from.getLeftExpression());
            e.setRightExpression(from.getRightExpression());
            return e;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A visitor of every node of the tree, with a way to put another node in its place. */
    private interface Visit {
        void node(Object node, Consumer<Object> replace);
    }

    private static void walk(Object root, Visit visit) {
        walk(root, x -> {}, visit, new IdentityHashMap<>());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void walk(
            Object node,
            Consumer<Object> replace,
            Visit visit,
            IdentityHashMap<Object, Boolean> seen) {
        if (node == null || seen.put(node, true) != null) return;
        if (node instanceof List list) {
            for (int i = 0; i < list.size(); i++) {
                int at = i;
                walk(list.get(i), x -> list.set(at, x), visit, seen);
            }
        }
        if (!node.getClass().getName().startsWith("net.sf.jsqlparser.")
                || node.getClass().getName().startsWith("net.sf.jsqlparser.parser.")) return;
        visit.node(node, replace);
        for (Class<?> k = node.getClass();
                k != null && k.getName().startsWith("net.sf.jsqlparser.");
                k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())
                        || f.getType().isPrimitive()
                        || f.getType() == String.class) continue;
                try {
                    f.setAccessible(true);
                    Object child = f.get(node);
                    if (child instanceof Expression
                            || child instanceof List
                            || (child != null
                                    && child.getClass()
                                            .getName()
                                            .startsWith("net.sf.jsqlparser."))) {
                        walk(child, x -> set(f, node, x), visit, seen);
                    }
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // a field this walk cannot read: not a place to mutate
                }
            }
        }
    }

    private static void set(Field f, Object holder, Object value) {
        try {
            f.set(holder, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
