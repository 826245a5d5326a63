package dev.sqlexam.repair;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ExplainOutcome;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Runtime failures of a query that passed EXPLAIN, recovered on the real demo database. */
class ExecutionRecoveryITCase {

    private static PooledConnections connections;
    private static ReadOnlyExecutor executor;

    @BeforeAll
    static void connect() {
        connections = TestDatabase.readerConnections(2);
        executor = new ReadOnlyExecutor(connections, 2_000, 100);
    }

    @AfterAll
    static void close() {
        connections.close();
    }

    private static EvaluationTrace.CandidateEvaluation candidate(int index, String sql, int rank) {
        return new EvaluationTrace.CandidateEvaluation(
                index,
                sql,
                sql,
                false,
                null,
                List.of(),
                List.of(),
                List.of(),
                ExplainOutcome.passed(1, 1, 1),
                null,
                rank);
    }

    @Test
    void divisionByZeroAtRunTimeGetsNullIfDivisors() {
        String sql =
                "SELECT SUM(salary) / COUNT(*) FILTER (WHERE salary < 0) AS ratio FROM employees";
        QueryOutcome failed = executor.execute("demo", sql);
        assertThat(failed.sqlstate()).isEqualTo("22012");
        ExecutionRecovery.Result r =
                ExecutionRecovery.recover(sql, failed, null, 2, s -> executor.execute("demo", s));
        assertThat(r.recovered()).isTrue();
        assertThat(r.sql()).contains("/ NULLIF(COUNT(*) FILTER (WHERE salary < 0), 0)");
        assertThat(r.outcome().result().rows())
                .singleElement()
                .satisfies(row -> assertThat(row).containsOnlyNulls());
    }

    @Test
    void aSubqueryWithSeveralRowsFallsBackToTheNextRankedCandidate() {
        String chosen = "SELECT (SELECT emp_id FROM employees) AS one_id";
        QueryOutcome failed = executor.execute("demo", chosen);
        assertThat(failed.sqlstate()).isEqualTo("21000");
        EvaluationTrace trace =
                new EvaluationTrace(
                        List.of(
                                candidate(0, chosen, 1),
                                new EvaluationTrace.CandidateEvaluation(
                                        1,
                                        "DROP TABLE employees",
                                        null,
                                        true,
                                        "not a SELECT query",
                                        List.of(),
                                        List.of(),
                                        List.of(),
                                        ExplainOutcome.skipped("blocked"),
                                        null,
                                        0),
                                candidate(2, "SELECT COUNT(*) FROM employees", 2)),
                        0,
                        chosen,
                        5);
        ExecutionRecovery.Result r =
                ExecutionRecovery.recover(
                        chosen, failed, trace, 2, s -> executor.execute("demo", s));
        assertThat(r.recovered()).isTrue();
        assertThat(r.sql()).isEqualTo("SELECT COUNT(*) FROM employees");
        assertThat(r.attempts())
                .extracting(ExecutionRecovery.Attempt::method)
                .containsExactly("next_ranked_candidate:2");
    }
}
