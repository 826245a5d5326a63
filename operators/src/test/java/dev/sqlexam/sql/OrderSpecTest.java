package dev.sqlexam.sql;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OrderSpecTest {

    @ParameterizedTest(name = "{0} -> ordered={1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT a FROM t ORDER BY a | true",
                "SELECT a FROM t | false",
                "SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 5) s | false",
                "WITH x AS (SELECT a FROM t ORDER BY a) SELECT a FROM x | false",
                "WITH x AS (SELECT a FROM t) SELECT a FROM x ORDER BY a DESC | true",
                "SELECT a, ROW_NUMBER() OVER (ORDER BY a) FROM t | false",
                "SELECT string_agg(a, ',' ORDER BY a) FROM t | false",
                "SELECT a FROM t UNION SELECT b FROM u ORDER BY 1 | true",
                "(SELECT a FROM t ORDER BY a LIMIT 1) UNION ALL (SELECT b FROM u ORDER BY b LIMIT 1) | false",
                "SELECT 'ORDER BY' AS label FROM t | false",
                "SELECT a FROM t -- ORDER BY a | false",
                "SELECT a FROM t /* ORDER BY a */ | false",
                "select a from t order   by a; | true",
            })
    void detectsTopLevelOrderBy(String sql, boolean ordered) {
        assertThat(OrderSpec.of(sql).ordered()).isEqualTo(ordered);
    }

    @ParameterizedTest(name = "{0} -> keys {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT name, total FROM t ORDER BY total DESC | 1",
                "SELECT name, SUM(x) AS total FROM t GROUP BY name ORDER BY total DESC, name | 1;0",
                "SELECT name, SUM(x) FROM t GROUP BY name ORDER BY 2 DESC | 1",
                "SELECT t.name, t.total FROM t ORDER BY t.total | 1",
                "SELECT name, SUM(x) FROM t GROUP BY name ORDER BY SUM(x) | 1",
                "SELECT name FROM t ORDER BY hire_date | ''",
                "SELECT * FROM t ORDER BY a | ''",
            })
    void mapsOrderKeysToOutputColumns(String sql, String keys) {
        List<Integer> expected =
                keys.isEmpty()
                        ? List.of()
                        : java.util.Arrays.stream(keys.split(";")).map(Integer::valueOf).toList();
        assertThat(OrderSpec.of(sql).keyColumns()).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT a FROM t | true | true",
                "SELECT a FROM t ORDER BY a | false | false",
                "SELECT a FROM t ORDER BY a | | true",
            })
    void examLineOverridesDerivedOrder(String sql, Boolean override, boolean ordered) {
        assertThat(OrderSpec.forGold(sql, override).ordered()).isEqualTo(ordered);
    }
}
