package dev.sqlexam.sql;

import dev.sqlexam.model.LintIssue;

import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import static dev.sqlexam.sql.SqlLint.error;
import static dev.sqlexam.sql.SqlLint.warn;

/**
 * SqlLint's checks of one SELECT, in this order: its joins, its FROM items' names, its select list
 * against GROUP BY, HAVING without GROUP BY, and unqualified columns over several tables.
 */
final class SelectChecks {

    private static final Pattern AGGREGATE =
            Pattern.compile(
                    "(?i)\\b(COUNT|SUM|AVG|MIN|MAX|STRING_AGG|ARRAY_AGG|BOOL_AND|BOOL_OR|EVERY|STDDEV\\w*|VARIANCE|VAR_\\w+|PERCENTILE_\\w+|MODE)\\s*\\(");

    private SelectChecks() {}

    static void check(PlainSelect ps, List<LintIssue> issues) {
        List<FromItem> items = fromItems(ps, issues);
        duplicateAliases(items, issues);
        boolean grouped = ps.getGroupBy() != null;
        aggregation(ps, grouped, issues);
        if (ps.getHaving() != null && !grouped)
            issues.add(warn("having_without_groupby", "HAVING without GROUP BY"));
        if (items.size() > 1) ambiguousColumns(ps, items.size(), issues);
    }

    /** The FROM item and each join's, with the cross joins and the joins without a condition. */
    private static List<FromItem> fromItems(PlainSelect ps, List<LintIssue> issues) {
        List<FromItem> items = new ArrayList<>();
        if (ps.getFromItem() != null) items.add(ps.getFromItem());
        if (ps.getJoins() == null) return items;
        for (Join j : ps.getJoins()) {
            items.add(j.getRightItem());
            if (j.isCross() || (j.isSimple() && ps.getWhere() == null)) {
                issues.add(warn("cross_join", "a cross join with " + j.getRightItem()));
            } else if (!j.isSimple()
                    && !j.isNatural()
                    && j.getOnExpressions().isEmpty()
                    && (j.getUsingColumns() == null || j.getUsingColumns().isEmpty())) {
                issues.add(
                        error(
                                "join_without_condition",
                                "JOIN " + j.getRightItem() + " has no ON or USING"));
            }
        }
        return items;
    }

    private static void duplicateAliases(List<FromItem> items, List<LintIssue> issues) {
        Set<String> seen = new HashSet<>();
        for (FromItem item : items) {
            String name =
                    item.getAlias() != null
                            ? item.getAlias().getName()
                            : item instanceof Table t ? t.getName() : null;
            if (name != null && !seen.add(SqlReferences.normalize(name)))
                issues.add(warn("duplicate_alias", "'" + name + "' names two FROM items"));
        }
    }

    /**
     * SELECT *, aggregates next to plain columns without GROUP BY, and plain columns GROUP BY does
     * not cover.
     */
    private static void aggregation(PlainSelect ps, boolean grouped, List<LintIssue> issues) {
        List<String> groupKeys = new ArrayList<>();
        if (grouped && ps.getGroupBy().getGroupByExpressionList() != null) {
            ps.getGroupBy()
                    .getGroupByExpressionList()
                    .forEach(e -> groupKeys.add(squash(e.toString())));
        }
        boolean anyAggregate = false;
        List<String> plain = new ArrayList<>();
        for (SelectItem<?> item : ps.getSelectItems()) {
            String text = item.getExpression().toString();
            if (text.equals("*") || text.endsWith(".*")) {
                issues.add(
                        warn(
                                "select_star",
                                "SELECT " + text + " returns whatever columns the table has"));
                continue;
            }
            boolean aggregate =
                    AGGREGATE.matcher(text).find()
                            && !text.toUpperCase(Locale.ROOT).contains(" OVER ");
            anyAggregate |= aggregate;
            if (!aggregate && looksLikeColumn(text)) plain.add(text);
        }
        if (!grouped && anyAggregate && !plain.isEmpty()) {
            issues.add(
                    warn(
                            "aggregate_without_groupby",
                            "aggregates next to " + plain + " without GROUP BY"));
        }
        if (grouped) notGrouped(plain, groupKeys, issues);
    }

    private static void notGrouped(
            List<String> plain, List<String> groupKeys, List<LintIssue> issues) {
        for (String p : plain) {
            String key = squash(p);
            String bare = key.contains(".") ? key.substring(key.lastIndexOf('.') + 1) : key;
            boolean covered =
                    groupKeys.stream()
                            .anyMatch(
                                    g -> g.equals(key) || g.endsWith("." + bare) || g.equals(bare));
            if (!covered && !groupKeys.stream().allMatch(g -> g.matches("\\d+"))) {
                issues.add(
                        warn(
                                "non_aggregate_in_select",
                                p + " is neither aggregated nor in GROUP BY"));
            }
        }
    }

    private static void ambiguousColumns(PlainSelect ps, int tables, List<LintIssue> issues) {
        for (SelectItem<?> item : ps.getSelectItems()) {
            String text = item.getExpression().toString();
            if (text.matches("[A-Za-z_][\\w$]*")
                    && !text.equalsIgnoreCase("null")
                    && !text.equalsIgnoreCase("true")
                    && !text.equalsIgnoreCase("false")) {
                issues.add(
                        warn(
                                "ambiguous_column",
                                "unqualified " + text + " in a query over " + tables + " tables"));
            }
        }
    }

    private static boolean looksLikeColumn(String text) {
        return text.matches(
                        "(?:(?:[A-Za-z_][\\w$]*|\"[^\"]+\")\\.)?(?:[A-Za-z_][\\w$]*|\"[^\"]+\")")
                && !List.of("null", "true", "false", "current_date", "current_timestamp")
                        .contains(text.toLowerCase(Locale.ROOT));
    }

    private static String squash(String s) {
        return s.replaceAll("\\s+", "").replace("\"", "").toLowerCase(Locale.ROOT);
    }
}
