package dev.sqlexam.repair;

import dev.sqlexam.model.ForeignKey;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class AutocorrectTest {

    static final Map<String, Set<String>> COLUMNS =
            Map.of(
                    "employees",
                            Set.of(
                                    "employee_id",
                                    "first_name",
                                    "last_name",
                                    "hire_date",
                                    "dept_id",
                                    "salary_amt"),
                    "order_lines", Set.of("order_line_id", "sales_order_id", "qty", "unit_price"),
                    "sales_orders",
                            Set.of("sales_order_id", "order_date", "customer_id", "total_amount"),
                    "vendors", Set.of("vendor_id", "vendor_name", "vendor_number"));
    static final List<ForeignKey> FKS =
            List.of(
                    new ForeignKey(
                            "order_lines",
                            List.of("sales_order_id"),
                            "sales_orders",
                            List.of("sales_order_id")));

    private static Autocorrect.ColumnFix fix(String sql, String message) {
        return Autocorrect.column(sql, message, COLUMNS, FKS, 0.75, 0.1);
    }

    @Test
    void aTypoOnTheResolvedTableIsFixedInlineButNeverInsideALiteral() {
        Autocorrect.ColumnFix f =
                fix(
                        "SELECT e.first_nam FROM employees e WHERE e.last_name <> 'e.first_nam'",
                        "ERROR: column e.first_nam does not exist");
        assertThat(f.resolvedTable()).isEqualTo("employees");
        assertThat(f.correctedSql())
                .isEqualTo(
                        "SELECT e.first_name FROM employees e WHERE e.last_name <> 'e.first_nam'");
        assertThat(
                        fix(
                                        "SELECT salary_amount FROM employees",
                                        "column \"salary_amount\" does not exist")
                                .correctedSql())
                .isEqualTo("SELECT salary_amt FROM employees");
    }

    @Test
    void aColumnOnAnFkParentBecomesAJoinHint() {
        Autocorrect.ColumnFix f =
                fix(
                        "SELECT ol.order_date, SUM(ol.qty) FROM order_lines ol GROUP BY 1",
                        "column ol.order_date does not exist");
        assertThat(f.fixed()).isFalse();
        assertThat(f.crossTableHint())
                .contains(
                        "JOIN sales_orders ON order_lines.sales_order_id = sales_orders.sales_order_id")
                .contains("sales_orders.order_date");
    }

    @Test
    void aColumnThatExistsNowhereBecomesAPhantomHint() {
        Autocorrect.ColumnFix f =
                fix(
                        "SELECT COUNT(*) FROM employees e WHERE e.division = 'div_3'",
                        "column e.division does not exist");
        assertThat(f.fixed()).isFalse();
        assertThat(f.phantomHint()).contains("division").contains("remove");
    }

    @Test
    void onlyAClearWinnerIsFixed() {
        Autocorrect.ColumnFix clear =
                fix("SELECT v.vendor_nam FROM vendors v", "column v.vendor_nam does not exist");
        assertThat(clear.correctedSql()).isEqualTo("SELECT v.vendor_name FROM vendors v");
        Autocorrect.ColumnFix tie =
                Autocorrect.column(
                        "SELECT v.vendor_nmber FROM vendors v",
                        "column v.vendor_nmber does not exist",
                        Map.of("vendors", Set.of("vendor_number", "vendor_nimber")),
                        FKS,
                        0.75,
                        0.1);
        assertThat(tie.candidates()).hasSize(2);
        assertThat(tie.fixed()).as("two candidates within 0.1 of each other").isFalse();
    }

    @Test
    void theClosestTableReplacesAMissingOne() {
        Autocorrect.TableFix t =
                Autocorrect.table(
                        "SELECT COUNT(*) FROM employes WHERE 'employes' <> ''",
                        "relation \"employes\" does not exist",
                        COLUMNS.keySet(),
                        0.75);
        assertThat(t.closest()).isEqualTo("employees");
        assertThat(t.correctedSql())
                .isEqualTo("SELECT COUNT(*) FROM employees WHERE 'employes' <> ''");
        assertThat(
                        Autocorrect.table(
                                        "SELECT 1 FROM payroll",
                                        "relation \"payroll\" does not exist",
                                        COLUMNS.keySet(),
                                        0.75)
                                .correctedSql())
                .isNull();
    }

    @Test
    void aParentsColumnReadFromTheChildIsRequalifiedWhenTheParentIsJoined() {
        String sql =
                "SELECT ol.order_date, SUM(ol.qty) FROM order_lines ol JOIN sales_orders so ON so.sales_order_id = ol.sales_order_id "
                        + "GROUP BY ol.order_date";
        assertThat(
                        Autocorrect.requalifyToJoinedTable(
                                sql, "column ol.order_date does not exist", COLUMNS))
                .isEqualTo(
                        "SELECT so.order_date, SUM(ol.qty) FROM order_lines ol JOIN sales_orders so ON so.sales_order_id = ol.sales_order_id "
                                + "GROUP BY so.order_date");
        assertThat(
                        Autocorrect.requalifyToJoinedTable(
                                "SELECT ol.order_date FROM order_lines ol",
                                "column ol.order_date does not exist",
                                COLUMNS))
                .as("the parent is not in the query: a hint, not a rewrite")
                .isNull();
    }

    @Test
    void anUndefinedQualifierIsRequalifiedWhenOneTableHasTheColumn() {
        assertThat(
                        Autocorrect.requalifyUndefined(
                                "SELECT emp.first_name, d.x FROM employees e JOIN sales_orders d ON true",
                                COLUMNS,
                                null))
                .isEqualTo("SELECT e.first_name, d.x FROM employees e JOIN sales_orders d ON true");
        assertThat(
                        Autocorrect.requalifyUndefined(
                                "SELECT x.sales_order_id FROM order_lines ol JOIN sales_orders so ON true",
                                COLUMNS,
                                null))
                .as("two tables have it")
                .isNull();
        assertThat(
                        Autocorrect.requalifyUndefined(
                                "SELECT sal.sales_order_id FROM order_lines ol JOIN sales_orders so ON true",
                                COLUMNS,
                                null))
                .as("two tables have it, one is named like the qualifier")
                .isEqualTo(
                        "SELECT so.sales_order_id FROM order_lines ol JOIN sales_orders so ON true");
        assertThat(
                        Autocorrect.requalifyUndefined(
                                "SELECT o.sales_order_id FROM order_lines ol JOIN sales_orders so ON true "
                                        + "JOIN sales_orders prior ON true",
                                COLUMNS,
                                null))
                .as("a self-join: which alias is meant cannot be told")
                .isNull();
        assertThat(
                        Autocorrect.requalifyUndefined(
                                "SELECT s.sales_order_id, e.n FROM order_lines ol JOIN (SELECT 1 AS n) e ON true",
                                COLUMNS,
                                "missing FROM-clause entry for table \"s\""))
                .as("a subquery's alias is defined and left alone")
                .isEqualTo(
                        "SELECT ol.sales_order_id, e.n FROM order_lines ol JOIN (SELECT 1 AS n) e ON true");
    }

    @Test
    void aGroupingErrorInASubqueryGoesToThatSubquerysGroupBy() {
        String sql =
                "SELECT name, total FROM (SELECT c.name, c.region, SUM(o.amount) AS total, RANK() OVER (PARTITION BY c.region "
                        + "ORDER BY SUM(o.amount) DESC) AS r FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.name) t WHERE r = 1";
        assertThat(
                        Autocorrect.addToGroupBy(
                                sql,
                                "column \"c.region\" must appear in the GROUP BY clause or be used in an aggregate function"))
                .isEqualTo(sql.replace("GROUP BY c.name)", "GROUP BY c.name, c.region)"));
        String bare =
                "SELECT p.code, COUNT(*) FROM budgets b JOIN (SELECT project_id, category, SUM(amount) AS actual FROM expenses "
                        + "GROUP BY project_id) e ON e.project_id = b.project_id AND e.category = b.category JOIN projects p ON p.id = b.project_id GROUP BY p.code";
        assertThat(
                        Autocorrect.addToGroupBy(
                                bare,
                                "column \"expenses.category\" must appear in the GROUP BY clause"))
                .as("PostgreSQL names the table, the query wrote the bare column")
                .isEqualTo(bare.replace("GROUP BY project_id)", "GROUP BY project_id, category)"));
    }

    @Test
    void aGroupingErrorAddsTheColumnToGroupBy() {
        assertThat(
                        Autocorrect.addToGroupBy(
                                "SELECT e.dept_id, e.last_name, COUNT(*) FROM employees e GROUP BY e.dept_id ORDER BY 3 DESC",
                                "column \"e.last_name\" must appear in the GROUP BY clause or be used in an aggregate function"))
                .isEqualTo(
                        "SELECT e.dept_id, e.last_name, COUNT(*) FROM employees e GROUP BY e.dept_id, e.last_name ORDER BY 3 DESC");
        assertThat(
                        Autocorrect.addToGroupBy(
                                "SELECT e.dept_id, e.last_name, COUNT(*) FROM employees e GROUP BY e.dept_id;",
                                "column \"e.last_name\" must appear in the GROUP BY clause"))
                .isEqualTo(
                        "SELECT e.dept_id, e.last_name, COUNT(*) FROM employees e GROUP BY e.dept_id, e.last_name;");
        assertThat(
                        Autocorrect.addToGroupBy(
                                "SELECT e.last_name, COUNT(*) FROM employees e",
                                "column \"e.last_name\" must appear in the GROUP BY clause"))
                .as("no GROUP BY to extend")
                .isNull();
    }
}
