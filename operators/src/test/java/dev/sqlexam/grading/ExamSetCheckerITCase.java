package dev.sqlexam.grading;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class ExamSetCheckerITCase {

    private static PooledConnections connections;
    private static ExamSetChecker checker;

    @BeforeAll
    static void connect() {
        ReaderAccess reader = ReaderAccess.resolve(TestDatabase.migrated(), "sqlexam", null);
        connections =
                new PooledConnections(
                        reader.url(), reader.initSql(), true, ConnectionPolicy.DEFAULT);
        checker = new ExamSetChecker(new ReadOnlyExecutor(connections, 1_000, 1_000), 2);
    }

    @AfterAll
    static void close() {
        connections.close();
    }

    private static ExamQuestion q(String id, String sql) {
        return new ExamQuestion(
                id, "demo", "q", sql, List.of(), List.of(), null, null, null, null, null, 1, null);
    }

    @Test
    void flagsEveryKindOfBrokenGold() throws Exception {
        List<ExamSetChecker.QuestionReport> reports =
                checker.check(
                        List.of(
                                q("error", "SELECT nope FROM employees"),
                                q(
                                        "empty",
                                        "SELECT customer_name FROM customers WHERE country = 'Italy'"),
                                q("random", "SELECT random()"),
                                q("timeout", "SELECT count(*) FROM generate_series(1, 1000000000)"),
                                q("row-cap", "SELECT g FROM generate_series(1, 5000) g"),
                                q(
                                        "tie",
                                        "SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY customer_id ORDER BY n DESC LIMIT 3"),
                                q(
                                        "hidden-key-tie",
                                        "SELECT customer_id FROM orders GROUP BY customer_id ORDER BY COUNT(*) DESC LIMIT 3"),
                                q(
                                        "tie-broken",
                                        "SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY customer_id ORDER BY n DESC, customer_id LIMIT 3"),
                                q(
                                        "sound",
                                        "SELECT dept_name FROM departments ORDER BY dept_name")));
        Map<String, List<ExamSetChecker.Problem>> problems =
                reports.stream()
                        .collect(
                                Collectors.toMap(
                                        r -> r.question().id(),
                                        r ->
                                                r.findings().stream()
                                                        .map(ExamSetChecker.Finding::problem)
                                                        .toList()));
        assertThat(problems.get("error")).containsExactly(ExamSetChecker.Problem.ERROR);
        assertThat(problems.get("empty")).containsExactly(ExamSetChecker.Problem.EMPTY);
        assertThat(problems.get("random"))
                .containsExactly(ExamSetChecker.Problem.NON_DETERMINISTIC);
        assertThat(problems.get("timeout")).containsExactly(ExamSetChecker.Problem.TIMEOUT);
        assertThat(problems.get("row-cap")).containsExactly(ExamSetChecker.Problem.ROW_CAP);
        assertThat(problems.get("tie")).containsExactly(ExamSetChecker.Problem.LIMIT_TIE);
        assertThat(problems.get("hidden-key-tie"))
                .containsExactly(ExamSetChecker.Problem.LIMIT_TIE);
        assertThat(problems.get("tie-broken")).isEmpty();
        assertThat(problems.get("sound")).isEmpty();
    }
}
