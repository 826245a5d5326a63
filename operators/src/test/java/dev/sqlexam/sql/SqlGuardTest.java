package dev.sqlexam.sql;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class SqlGuardTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT 1",
                "select count(*) from orders;",
                "WITH x AS (SELECT 1 AS a) SELECT a FROM x",
                "(SELECT a FROM t) UNION (SELECT b FROM u)",
                "SELECT update_date, is_deleted FROM t",
                "SELECT 'DROP TABLE x; DELETE' AS text",
                "SELECT \"delete\" FROM t",
                "VALUES (1), (2)",
                "SELECT 'pg_sleep(5)' AS note, sleep_minutes, lo_code FROM t",
                "SELECT nextval_col, setup FROM t",
                "SELECT * FROM orders WHERE note = 'for update'",
                "SELECT 1; -- the total",
                "SELECT 1; /* the total */",
                "SELECT 1 /* one */ ; -- done\n",
                "SELECT ';' AS semicolon; -- quoted, then a comment",
                "SELECT E'it\\'s; one string' AS text",
            })
    void allowsReadOnlyQueries(String sql) {
        assertThat(SqlGuard.check(sql).allowed()).as(sql).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "   ",
                "DELETE FROM t",
                "SELECT 1; DROP TABLE t",
                "SELECT 1; -- a comment\nDROP TABLE t",
                "SELECT 1; /* a comment */ DELETE FROM t;",
                "SELECT * INTO backup FROM t",
                "WITH gone AS (DELETE FROM t RETURNING *) SELECT * FROM gone",
                "UPDATE t SET a = 1",
                "COPY t TO '/tmp/x'",
                "CREATE TABLE x AS SELECT 1",
                "SELECT 1; COMMIT",
                "EXPLAIN ANALYZE DELETE FROM t",
                "SET ROLE postgres",
                "SELECT * FROM t FOR UPDATE",
                "SELECT * FROM t FOR NO KEY UPDATE",
                "SELECT pg_sleep(10)",
                "SELECT \"pg_sleep\"(10)",
                "SELECT pg_catalog.pg_sleep /* pause */ (10)",
                "SELECT set_config('statement_timeout', '0', false)",
                "SELECT nextval('s')",
                "SELECT lo_import('/etc/passwd')",
                "SELECT pg_read_file('/etc/passwd')",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity",
                "SELECT * FROM dblink('x', 'DELETE FROM t RETURNING 1') AS t(a int)",
                "SELECT query_to_xml('DELETE FROM t RETURNING 1', true, true, '')",
                "SELECT pg_advisory_lock(1)",
                "SELECT E'\\'' AS q; SET statement_timeout = 0; --'",
            })
    void blocksEverythingElse(String sql) {
        SqlGuard.Verdict verdict = SqlGuard.check(sql);
        assertThat(verdict.allowed()).as(sql).isFalse();
        assertThat(verdict.reason()).isNotBlank();
    }
}
