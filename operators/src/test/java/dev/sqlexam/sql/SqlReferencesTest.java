package dev.sqlexam.sql;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SqlReferencesTest {

    @Test
    void aliasesColumnsAndJoinsResolveToTables() {
        SqlReferences r =
                SqlReferences.of(
                        "SELECT c.name, SUM(o.total_amt) FROM public.sales_orders AS o "
                                + "JOIN customers c ON o.customer_id = c.customer_id LEFT JOIN \"Regions\" r ON r.region_id = c.region_id "
                                + "WHERE o.status = 'x.y = z.w' GROUP BY c.name");
        assertThat(r.tables()).containsExactly("sales_orders", "customers", "Regions");
        assertThat(r.aliases())
                .containsEntry("o", "sales_orders")
                .containsEntry("c", "customers")
                .containsEntry("r", "Regions");
        assertThat(r.columns()).extracting(SqlReferences.ColumnRef::table).doesNotContainNull();
        assertThat(r.columns())
                .contains(new SqlReferences.ColumnRef("o", "sales_orders", "total_amt"));
        assertThat(r.joins())
                .containsExactly(
                        new SqlReferences.JoinEquality(
                                "customers", "customer_id", "sales_orders", "customer_id"),
                        new SqlReferences.JoinEquality(
                                "Regions", "region_id", "customers", "region_id"));
    }

    @Test
    void commaJoinsAndUnknownQualifiers() {
        SqlReferences r =
                SqlReferences.of(
                        "SELECT e.first_name FROM employees e, departments d WHERE e.dept_id = d.dept_id AND x.y = 1");
        assertThat(r.tables()).containsExactly("employees", "departments");
        assertThat(r.joins()).hasSize(1);
        assertThat(r.columns()).contains(new SqlReferences.ColumnRef("x", null, "y"));
    }

    @Test
    void theFromOfExtractAndSubstringIsNoTable() {
        SqlReferences r =
                SqlReferences.of(
                        "SELECT EXTRACT(YEAR FROM o.order_date), SUBSTRING(o.code FROM 2) FROM orders o "
                                + "WHERE o.a IS DISTINCT FROM o.b");
        assertThat(r.tables()).containsExactly("orders");
    }

    @Test
    void aSetReturningFunctionInFromIsNoTable() {
        SqlReferences r =
                SqlReferences.of(
                        "SELECT y, COUNT(e.employee_id) FROM generate_series(2022, 2025) AS y "
                                + "JOIN employees e ON e.hire_date <= make_date(y, 12, 31) CROSS JOIN LATERAL unnest(e.tags) t GROUP BY y");
        assertThat(r.tables()).containsExactly("employees");
    }
}
