package dev.sqlexam.repair;

import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.sql.QueryOutcome;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ExecutionRecoveryTest {

    @Test
    void divisorsBecomeNullIfZeroButLiteralsAndTextStay() {
        assertThat(
                        ExecutionRecovery.nullIfDivisors(
                                "SELECT a / b, SUM(x) / COUNT(y), 100.0 * p.paid / (i.total - i.tax), v / 2 FROM t"))
                .isEqualTo(
                        "SELECT a / NULLIF(b, 0), SUM(x) / NULLIF(COUNT(y), 0), 100.0 * p.paid / NULLIF((i.total - i.tax), 0), v / 2 FROM t");
        assertThat(ExecutionRecovery.nullIfDivisors("SELECT 'a / b' AS note /* x / y */ FROM t"))
                .isEqualTo("SELECT 'a / b' AS note /* x / y */ FROM t");
        assertThat(ExecutionRecovery.nullIfDivisors("SELECT a / NULLIF(b, 0) FROM t"))
                .isEqualTo("SELECT a / NULLIF(b, 0) FROM t");
        assertThat(
                        ExecutionRecovery.nullIfDivisors(
                                "SELECT s / COUNT(*) FILTER (WHERE x > 0), s / SUM(s) OVER (PARTITION BY g) FROM t"))
                .isEqualTo(
                        "SELECT s / NULLIF(COUNT(*) FILTER (WHERE x > 0), 0), s / NULLIF(SUM(s) OVER (PARTITION BY g), 0) FROM t");
    }

    @Test
    void onlySqlErrorsAndTimeoutsAreRecovered() {
        assertThat(
                        ExecutionRecovery.recoverable(
                                QueryOutcome.failure(
                                        "22012", ErrorClass.SQL_ERROR, "division by zero", 1)))
                .isTrue();
        assertThat(
                        ExecutionRecovery.recoverable(
                                QueryOutcome.failure(
                                        "57014",
                                        ErrorClass.QUERY_TIMEOUT,
                                        "canceling statement",
                                        1)))
                .isTrue();
        assertThat(
                        ExecutionRecovery.recoverable(
                                QueryOutcome.failure(
                                        "08006", ErrorClass.INFRA_FAILURE, "connection lost", 1)))
                .isFalse();
        assertThat(
                        ExecutionRecovery.recoverable(
                                QueryOutcome.failure(
                                        null, ErrorClass.VALIDATION_BLOCK, "blocked", 1)))
                .isFalse();
        var result =
                ExecutionRecovery.recover(
                        "SELECT 1",
                        QueryOutcome.failure(
                                "08006", ErrorClass.INFRA_FAILURE, "connection lost", 1),
                        null,
                        3,
                        sql -> {
                            throw new AssertionError("infrastructure failures are never retried");
                        });
        assertThat(result.recovered()).isFalse();
        assertThat(result.attempts()).isEmpty();
    }
}
