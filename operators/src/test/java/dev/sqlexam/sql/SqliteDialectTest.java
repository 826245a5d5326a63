package dev.sqlexam.sql;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SQLite's functions and NULL order said in PostgreSQL's SQL, for a benchmark's PostgreSQL copy.
 */
class SqliteDialectTest {

    @Test
    void functionsSqliteHasAndPostgresDoesNot() {
        assertThat(SqliteDialect.toPostgres("SELECT iif(a > 1, 'big', 'small') FROM t"))
                .isEqualTo("SELECT CASE WHEN a > 1 THEN 'big' ELSE 'small' END FROM t");
        assertThat(SqliteDialect.toPostgres("SELECT instr(name, 'x') FROM t"))
                .isEqualTo("SELECT STRPOS(name, 'x') FROM t");
        assertThat(SqliteDialect.toPostgres("SELECT julianday(b) - julianday(a) FROM t"))
                .isEqualTo(
                        "SELECT (EXTRACT(EPOCH FROM CAST(b AS TIMESTAMP)) / 86400.0 + 2440587.5)"
                                + " - (EXTRACT(EPOCH FROM CAST(a AS TIMESTAMP)) / 86400.0 + 2440587.5) FROM t");
        assertThat(SqliteDialect.toPostgres("SELECT 'iif(1, 2, 3)' FROM t"))
                .as("a string stays as it is")
                .isEqualTo("SELECT 'iif(1, 2, 3)' FROM t");
    }

    @Test
    void nullsSortFirstAscendingAndLastDescendingAsOnSqlite() {
        assertThat(SqliteDialect.toPostgres("SELECT a FROM t ORDER BY a"))
                .isEqualTo("SELECT a FROM t ORDER BY a NULLS FIRST");
        assertThat(
                        SqliteDialect.toPostgres(
                                "SELECT a FROM t ORDER BY a DESC, count(b) ASC LIMIT 3"))
                .isEqualTo(
                        "SELECT a FROM t ORDER BY a DESC NULLS LAST, count(b) ASC NULLS FIRST LIMIT 3");
        assertThat(SqliteDialect.toPostgres("SELECT a FROM t ORDER BY a NULLS LAST"))
                .isEqualTo("SELECT a FROM t ORDER BY a NULLS LAST");
        assertThat(
                        SqliteDialect.toPostgres(
                                "SELECT * FROM (SELECT a FROM t ORDER BY a desc LIMIT 1) UNION SELECT b FROM u"))
                .isEqualTo(
                        "SELECT * FROM (SELECT a FROM t ORDER BY a desc NULLS LAST LIMIT 1) UNION SELECT b FROM u");
        assertThat(SqliteDialect.toPostgres("SELECT rank() OVER (ORDER BY x) FROM t"))
                .isEqualTo("SELECT rank() OVER (ORDER BY x NULLS FIRST) FROM t");
    }
}
