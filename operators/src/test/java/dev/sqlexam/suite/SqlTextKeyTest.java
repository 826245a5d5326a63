package dev.sqlexam.suite;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SqlTextKeyTest {

    @Test
    void formattingCaseAndTrailingSemicolonsDoNotCount() {
        assertThat(SqlTextKey.of("select  COUNT(*)\n FROM orders WHERE status = 'open';"))
                .isEqualTo(SqlTextKey.of("SELECT count( * ) FROM orders where status='open'"));
        assertThat(SqlTextKey.of("SELECT a , b FROM t"))
                .isEqualTo(SqlTextKey.of("SELECT a,b FROM t"));
    }

    @Test
    void stringsIdentifiersInQuotesAndWordBoundariesDo() {
        assertThat(SqlTextKey.of("SELECT 1 FROM t WHERE s = 'Open'"))
                .isNotEqualTo(SqlTextKey.of("SELECT 1 FROM t WHERE s = 'open'"));
        assertThat(SqlTextKey.of("SELECT \"Name\" FROM t"))
                .isNotEqualTo(SqlTextKey.of("SELECT \"name\" FROM t"));
        assertThat(SqlTextKey.of("SELECT a FROM t")).isNotEqualTo(SqlTextKey.of("SELECT aFROM t"));
        assertThat(SqlTextKey.of("SELECT 'it''s  two' FROM t")).contains("'it''s  two'");
        assertThat(SqlTextKey.of("SELECT 1 FROM t WHERE x < 10"))
                .isNotEqualTo(SqlTextKey.of("SELECT 1 FROM t WHERE x <= 10"));
    }
}
