package dev.sqlexam.sql;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class PgNormalizeTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "backtick_identifiers | SELECT `first_name`, `Order`, `unit price` FROM `Employees` | SELECT first_name, \"order\", \"unit price\" FROM Employees",
                "double_equals | SELECT 1 FROM t WHERE a == 2 | SELECT 1 FROM t WHERE a = 2",
                "top_n | SELECT TOP 5 name FROM t ORDER BY x DESC; | SELECT name FROM t ORDER BY x DESC LIMIT 5;",
                "limit_offset_comma | SELECT a FROM t LIMIT 10, 5 | SELECT a FROM t LIMIT 5 OFFSET 10",
                "year_function | SELECT COUNT(*) FROM o WHERE YEAR(o.order_date) = 2024 | SELECT COUNT(*) FROM o WHERE EXTRACT(YEAR FROM o.order_date) = 2024",
                "month_function | SELECT MONTH(d) FROM t | SELECT EXTRACT(MONTH FROM d) FROM t",
                "day_function | SELECT DAY(d) FROM t | SELECT EXTRACT(DAY FROM d) FROM t",
                "ifnull_to_coalesce | SELECT IFNULL(SUM(a), 0) FROM t | SELECT COALESCE(SUM(a), 0) FROM t",
                "nvl_to_coalesce | SELECT NVL(a, b) FROM t | SELECT COALESCE(a, b) FROM t",
                "isnull_to_coalesce | SELECT ISNULL(a, 0) FROM t | SELECT COALESCE(a, 0) FROM t",
                "date_add | SELECT DATE_ADD(d, INTERVAL 30 DAY) FROM t | SELECT (d + INTERVAL '30 day') FROM t",
                "date_sub | SELECT 1 FROM t WHERE d > DATE_SUB(CURRENT_DATE, INTERVAL 1 YEAR) | SELECT 1 FROM t WHERE d > (CURRENT_DATE - INTERVAL '1 year')",
                "integer_interval | SELECT CURRENT_DATE - INTERVAL 7 DAY | SELECT CURRENT_DATE - INTERVAL '7 DAY'",
                "datediff | SELECT DATEDIFF(ship_date, order_date) FROM o | SELECT (CAST(ship_date AS date) - CAST(order_date AS date)) FROM o",
                "extract_day_of_date_difference | SELECT AVG(EXTRACT(DAY FROM (ship_date - order_date))) FROM o | SELECT AVG((ship_date - order_date)) FROM o",
                "current_date_functions | SELECT CURDATE(), GETDATE() | SELECT CURRENT_DATE, CURRENT_TIMESTAMP",
                "group_concat | SELECT GROUP_CONCAT(DISTINCT name SEPARATOR '; ') FROM t | SELECT STRING_AGG(DISTINCT CAST(name AS text), '; ') FROM t",
                "strftime | SELECT COUNT(*) FROM o WHERE STRFTIME('%Y', order_date) = '2024' | SELECT COUNT(*) FROM o WHERE TO_CHAR(order_date, 'YYYY') = '2024'",
                "date_format | SELECT DATE_FORMAT(order_date, '%Y-%m') FROM o | SELECT TO_CHAR(order_date, 'YYYY-MM') FROM o",
                "len_to_length | SELECT LEN(name) FROM t | SELECT LENGTH(name) FROM t",
                "rand_to_random | SELECT a FROM t ORDER BY RAND() LIMIT 1 | SELECT a FROM t ORDER BY RANDOM() LIMIT 1",
                "mysql_cast_types | SELECT CAST(a AS SIGNED), CAST(b AS DATETIME) FROM t | SELECT CAST(a AS integer), CAST(b AS timestamp) FROM t",
                "double_quoted_strings | SELECT 1 FROM t WHERE t.\"Status Code\" = \"shipped\" AND x IN (\"a\", \"b\") | SELECT 1 FROM t WHERE t.\"Status Code\" = 'shipped' AND x IN ('a', 'b')",
                "division_scope_filter | SELECT COUNT(*) FROM e WHERE e.division = 'div_19' AND e.active | SELECT COUNT(*) FROM e WHERE e.active",
            })
    void eachTransformRewritesItsPattern(String name, String before, String after) {
        PgNormalize.Result r = PgNormalize.normalize(before);
        assertThat(r.sql()).isEqualTo(after);
        assertThat(r.applied()).contains(name);
    }

    @Test
    void valuesInsideStringLiteralsAreNeverRewritten() {
        String sql =
                "SELECT 'YEAR(x) == IFNULL(a, b) `q` LIMIT 1, 2' AS note FROM t WHERE note = 'it''s == fine'";
        PgNormalize.Result r = PgNormalize.normalize(sql);
        assertThat(r.sql()).isEqualTo(sql);
        assertThat(r.changed()).isFalse();
    }

    @Test
    void postgresSqlIsLeftAlone() {
        String sql =
                "SELECT d.dept_name, EXTRACT(YEAR FROM e.hire_date) AS y, COALESCE(SUM(s.amt), 0) FROM employees e "
                        + "JOIN departments d ON d.dept_id = e.dept_id WHERE e.hire_date > CURRENT_DATE - INTERVAL '1 year' "
                        + "AND EXTRACT(DAY FROM e.updated_at - e.created_at) > 1 GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 5 OFFSET 10";
        assertThat(PgNormalize.normalize(sql).sql())
                .isEqualTo(
                        sql.replace(
                                "EXTRACT(DAY FROM e.updated_at - e.created_at)",
                                "(e.updated_at - e.created_at)"));
        assertThat(PgNormalize.normalize("SELECT a FROM t WHERE a = 'div_1'", "").changed())
                .as("division stripping off")
                .isFalse();
    }

    @Test
    void nestedCallsAreRewrittenInsideOut() {
        assertThat(PgNormalize.normalize("SELECT IFNULL(YEAR(MAX(d)), IFNULL(a, 0)) FROM t").sql())
                .isEqualTo("SELECT COALESCE(EXTRACT(YEAR FROM MAX(d)), COALESCE(a, 0)) FROM t");
    }

    @Test
    void noGoldQueryOfTheErpExamSetIsTouched() throws Exception {
        java.util.List<String> touched = new java.util.ArrayList<>();
        for (String line :
                java.nio.file.Files.readAllLines(
                        java.nio.file.Path.of("..", "exam-sets", "erp", "erp.jsonl"))) {
            if (line.isBlank()) continue;
            var q = dev.sqlexam.json.Json.MAPPER.readTree(line);
            PgNormalize.Result r = PgNormalize.normalize(q.get("gold_sql").asText());
            if (r.changed()) touched.add(q.get("id").asText() + " " + r.applied());
        }
        assertThat(touched).isEmpty();
    }

    @Test
    void commentsAndDollarQuotedTextAreLeftAsWritten() {
        String sql =
                "SELECT `id` FROM t -- keep `this` and IFNULL(a, b)\nWHERE note = $$`x`$$ /* `y` */";
        assertThat(PgNormalize.normalize(sql).sql())
                .isEqualTo(
                        "SELECT id FROM t -- keep `this` and IFNULL(a, b)\nWHERE note = $$`x`$$ /* `y` */");
    }
}
