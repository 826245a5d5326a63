package dev.sqlexam.repair;

import dev.sqlexam.model.ForeignKey;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class MistakeInjectorTest {

    private static final Map<String, Set<String>> COLUMNS =
            Map.of(
                    "employees",
                            Set.of(
                                    "employee_id",
                                    "first_name",
                                    "last_name",
                                    "department_id",
                                    "hire_date"),
                    "departments", Set.of("department_id", "department_name", "budget_amt"),
                    "sales_orders",
                            Set.of("order_id", "order_date", "total_amount", "customer_id"));
    private static final List<ForeignKey> FKS =
            List.of(
                    new ForeignKey(
                            "employees",
                            List.of("department_id"),
                            "departments",
                            List.of("department_id")));

    private static Map<String, String> byType(String sql) {
        return MistakeInjector.inject(sql, COLUMNS, FKS).stream()
                .collect(
                        Collectors.toMap(
                                MistakeInjector.Mistake::type,
                                MistakeInjector.Mistake::sql,
                                (a, b) -> a,
                                LinkedHashMap::new));
    }

    @Test
    void dialectMistakesOnlyWhereTheConstructExists() {
        Map<String, String> m =
                byType(
                        "SELECT EXTRACT(YEAR FROM so.order_date) AS y, COALESCE(SUM(so.total_amount), 0) AS t "
                                + "FROM sales_orders so WHERE so.order_date >= CURRENT_DATE - INTERVAL '3 months' "
                                + "GROUP BY EXTRACT(YEAR FROM so.order_date) ORDER BY y LIMIT 5 OFFSET 10");
        assertThat(m.get("year_function"))
                .contains("YEAR(so.order_date)")
                .doesNotContain("EXTRACT");
        assertThat(m.get("limit_comma")).endsWith("LIMIT 10, 5");
        assertThat(m.get("integer_interval")).contains("INTERVAL 3 month");
        assertThat(m.get("curdate")).contains("CURDATE()");
        assertThat(m.get("backtick_identifiers")).contains("FROM `sales_orders` so");
        assertThat(m)
                .as(
                        "COALESCE around a nested call is left alone: the pattern only takes plain arguments")
                .doesNotContainKey("ifnull")
                .doesNotContainKey("month_function")
                .doesNotContainKey("length_len")
                .doesNotContainKey("double_quoted_string");
    }

    @Test
    void literalsAreNeverChanged() {
        Map<String, String> m =
                byType(
                        "SELECT e.first_name FROM employees e WHERE e.last_name = 'EXTRACT(YEAR FROM x) FROM t'");
        assertThat(m).doesNotContainKey("year_function");
        assertThat(m.get("double_quoted_string")).endsWith("= \"EXTRACT(YEAR FROM x) FROM t\"");
        assertThat(m.get("backtick_identifiers")).contains("FROM `employees` e").endsWith("'");
    }

    @Test
    void schemaMistakesProduceNamesTheTableDoesNotHave() {
        Map<String, String> m =
                byType(
                        "SELECT e.first_name, d.department_name, d.budget_amt FROM employees e "
                                + "JOIN departments d ON d.department_id = e.department_id");
        assertThat(m.get("near_miss_typo")).contains("e.first_nae").doesNotContain("e.first_name");
        assertThat(m.get("abbreviation_swap")).contains("d.budget_amount");
        assertThat(m.get("near_miss_name"))
                .as("first_name is not <table>_name, so the near miss is employee_name")
                .contains("e.employee_name");
        assertThat(m.get("parent_column_from_child"))
                .as("the parent's department_name read from the child employees")
                .contains("e.department_name");
        assertThat(m.get("wrong_alias")).contains("emp.first_name");
        for (String broken : m.values()) assertThat(broken).isNotEqualTo("SELECT e.first_name");
    }

    @Test
    void missingGroupByColumnDropsTheLastPlainExpression() {
        Map<String, String> m =
                byType(
                        "SELECT d.department_name, e.last_name, COUNT(*) FROM employees e "
                                + "JOIN departments d ON d.department_id = e.department_id GROUP BY d.department_name, e.last_name ORDER BY 3 DESC");
        assertThat(m.get("missing_group_by_column"))
                .contains("GROUP BY d.department_name ORDER BY 3 DESC");
        assertThat(
                        byType(
                                "SELECT d.department_name, COUNT(*) FROM departments d GROUP BY d.department_name"))
                .as(
                        "a single grouping column is never removed: the result would not be a grouping error")
                .doesNotContainKey("missing_group_by_column");
    }

    @Test
    void everyMistakeDiffersFromTheOriginalAndNamesItsFamily() {
        String sql =
                "SELECT e.first_name, LENGTH(e.last_name) FROM employees e WHERE e.hire_date < CURRENT_DATE";
        List<MistakeInjector.Mistake> all = MistakeInjector.inject(sql, COLUMNS, FKS);
        assertThat(all)
                .isNotEmpty()
                .allSatisfy(
                        mk -> {
                            assertThat(mk.sql()).isNotEqualTo(sql);
                            assertThat(mk.family()).isIn("dialect", "schema", "structure");
                        });
        assertThat(byType(sql).get("length_len")).contains("LEN(e.last_name)");
    }
}
