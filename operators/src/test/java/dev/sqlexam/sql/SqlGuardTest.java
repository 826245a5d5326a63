package dev.sqlexam.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SqlGuardTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT 1",
        "select count(*) from orders;",
        "WITH x AS (SELECT 1 AS a) SELECT a FROM x",
        "(SELECT a FROM t) UNION (SELECT b FROM u)",
        "SELECT update_date, is_deleted FROM t",
        "SELECT 'DROP TABLE x; DELETE' AS text",
        "SELECT \"delete\" FROM t",
        "VALUES (1), (2)",
    })
    void allowsReadOnlyQueries(String sql) {
        assertThat(SqlGuard.check(sql).allowed()).as(sql).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "   ",
        "DELETE FROM t",
        "SELECT 1; DROP TABLE t",
        "SELECT * INTO backup FROM t",
        "WITH gone AS (DELETE FROM t RETURNING *) SELECT * FROM gone",
        "UPDATE t SET a = 1",
        "COPY t TO '/tmp/x'",
        "CREATE TABLE x AS SELECT 1",
        "SELECT 1; COMMIT",
        "EXPLAIN ANALYZE DELETE FROM t",
        "SET ROLE postgres",
        "SELECT * FROM t FOR UPDATE",
    })
    void blocksEverythingElse(String sql) {
        SqlGuard.Verdict verdict = SqlGuard.check(sql);
        assertThat(verdict.allowed()).as(sql).isFalse();
        assertThat(verdict.reason()).isNotBlank();
    }
}
