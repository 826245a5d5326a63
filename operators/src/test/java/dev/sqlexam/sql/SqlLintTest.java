package dev.sqlexam.sql;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SqlLintTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unbalanced_parens      | SELECT COUNT(* FROM employees",
                "unbalanced_parens      | SELECT 1) FROM employees",
                "unclosed_quote         | SELECT * FROM employees WHERE status = 'active",
                "trailing_comma_select  | SELECT first_name, last_name, FROM employees",
                "trailing_comma_groupby | SELECT dept_id, COUNT(*) FROM employees GROUP BY dept_id, ORDER BY 2",
                "trailing_comma_orderby | SELECT first_name FROM employees ORDER BY first_name, LIMIT 5",
                "join_without_condition | SELECT e.first_name FROM employees e JOIN departments d WHERE e.salary > 1",
                "undefined_alias        | SELECT x.first_name FROM employees e",
                "parse_error            | SELEC first_name FROM employees",
            })
    void errorsAreFoundAndStopExplain(String code, String sql) {
        SqlLint.Result r = SqlLint.lint(sql);
        assertThat(r.has(code)).as(r.issues().toString()).isTrue();
        assertThat(r.hasErrors()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "aggregate_without_groupby | SELECT dept_id, COUNT(*) FROM employees",
                "non_aggregate_in_select   | SELECT dept_id, first_name, COUNT(*) FROM employees GROUP BY dept_id",
                "duplicate_alias           | SELECT e.first_name FROM employees e JOIN departments e ON e.dept_id = e.dept_id",
                "ambiguous_column          | SELECT first_name FROM employees e JOIN departments d ON e.dept_id = d.dept_id",
                "select_star               | SELECT * FROM employees",
                "cross_join                | SELECT e.first_name FROM employees e CROSS JOIN departments d",
                "having_without_groupby    | SELECT COUNT(*) FROM employees HAVING COUNT(*) > 1",
            })
    void warningsAreKeptButDoNotBlock(String code, String sql) {
        SqlLint.Result r = SqlLint.lint(sql);
        assertThat(r.has(code)).as(r.issues().toString()).isTrue();
        assertThat(r.hasErrors()).as(r.issues().toString()).isFalse();
    }

    @Test
    void literalsCommentsAndQuotedNamesDoNotFoolTheScanner() {
        SqlLint.Result r =
                SqlLint.lint(
                        "SELECT e.\"First Name\", 'it''s (not) x.y, FROM' AS note -- a comment ( with x.y\n"
                                + "FROM public.employees AS e /* ) */ WHERE e.status = 'a,' ORDER BY e.\"First Name\"");
        assertThat(r.issues()).isEmpty();
    }

    @Test
    void unaliasedJoinsQualifyByTableName() {
        assertThat(
                        SqlLint.lint(
                                        "SELECT leave_types.leave_name, COUNT(*) FROM leave_requests JOIN leave_types ON "
                                                + "leave_requests.leave_type_id = leave_types.leave_type_id, employees WHERE employees.employee_id = 1 "
                                                + "GROUP BY leave_types.leave_name")
                                .has("undefined_alias"))
                .isFalse();
    }

    @Test
    void subqueriesCtesAndSchemaQualifiedNamesAreKnownQualifiers() {
        assertThat(
                        SqlLint.lint(
                                        "WITH t AS (SELECT dept_id, COUNT(*) AS n FROM employees GROUP BY dept_id) "
                                                + "SELECT d.dept_name, t.n FROM departments d JOIN t ON t.dept_id = d.dept_id "
                                                + "WHERE EXISTS (SELECT 1 FROM employees x WHERE x.dept_id = d.dept_id) "
                                                + "AND d.dept_id IN (SELECT s.dept_id FROM (SELECT dept_id FROM employees) s)")
                                .hasErrors())
                .isFalse();
        assertThat(
                        SqlLint.lint(
                                        "SELECT EXTRACT(YEAR FROM o.order_date), pg_catalog.now() FROM sales.orders o")
                                .hasErrors())
                .isFalse();
    }

    @Test
    void noGoldQueryOfTheErpExamSetHasALintError() throws Exception {
        Path set = Path.of("..", "exam-sets", "erp", "erp.jsonl");
        assertThat(set).exists();
        List<String> flagged = new ArrayList<>();
        int checked = 0;
        for (String line : Files.readAllLines(set)) {
            if (line.isBlank()) continue;
            JsonNode q = Json.MAPPER.readTree(line);
            SqlLint.Result r = SqlLint.lint(q.get("gold_sql").asText());
            checked++;
            if (r.hasErrors()) flagged.add(q.get("id").asText() + ": " + r.issues());
        }
        assertThat(checked).isGreaterThan(100);
        assertThat(flagged).isEmpty();
    }
}
