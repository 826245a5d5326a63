package dev.sqlexam.watch;

import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExplainOutcome;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.sql.SqlGuard;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EventEvaluatorTest {

    private static QueryLogEvent event(String sql, String outcome, String sqlstate, Long rows) {
        return new QueryLogEvent(
                1_763_892_930_250L,
                "app",
                "erp",
                "q",
                sql,
                outcome,
                sqlstate,
                null,
                rows,
                10L,
                null,
                null,
                null,
                null,
                null,
                null,
                "log",
                1);
    }

    private static final ExplainOutcome PASSED = ExplainOutcome.passed(1, 1, 1);

    @Test
    void theAppsOwnReportComesFirst() {
        assertThat(classOf(event("SELECT 1", "error", "57014", null), PASSED))
                .isEqualTo("query_timeout");
        assertThat(classOf(event("SELECT 1", "error", "08006", null), PASSED))
                .isEqualTo("infra_failure");
        assertThat(classOf(event("SELECT x FROM t", "error", "42703", null), PASSED))
                .isEqualTo("sql_error");
        assertThat(classOf(event("DELETE FROM t", "error", "25006", null), null))
                .isEqualTo("validation_block");
        assertThat(classOf(event("SELECT 1", "ok", null, 0L), PASSED))
                .isEqualTo(EventEvaluator.EMPTY_RESULT);
        assertThat(classOf(event("SELECT 1", "ok", null, 3L), PASSED)).isEqualTo(EventEvaluator.OK);
    }

    @Test
    void withoutAReportTheGuardAndExplainDecide() {
        assertThat(classOf(event("DROP TABLE t", null, null, null), null))
                .isEqualTo("validation_block");
        assertThat(
                        classOf(
                                event("SELECT nope FROM t", null, null, null),
                                ExplainOutcome.failed(
                                        "42703",
                                        ErrorClass.SQL_ERROR,
                                        "column nope does not exist",
                                        null,
                                        1)))
                .isEqualTo("sql_error");
        assertThat(
                        classOf(
                                event("SELECT 1", "error", null, null),
                                ExplainOutcome.failed(
                                        "42P01",
                                        ErrorClass.SQL_ERROR,
                                        "relation does not exist",
                                        null,
                                        1)))
                .isEqualTo("sql_error");
        assertThat(classOf(event("SELECT 1", null, null, null), PASSED))
                .isEqualTo(EventEvaluator.OK);
    }

    private static String classOf(QueryLogEvent e, ExplainOutcome explain) {
        return EventEvaluator.outcomeClass(e, SqlGuard.check(e.sql()), explain);
    }
}
