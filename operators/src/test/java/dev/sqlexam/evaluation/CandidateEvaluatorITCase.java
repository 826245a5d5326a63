package dev.sqlexam.evaluation;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.sql.ReadOnlyExecutor;
import dev.sqlexam.sql.SqlReferences;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/** Candidate evaluation with EXPLAIN on the real demo database. */
class CandidateEvaluatorITCase {

    private static PooledConnections connections;
    private static ReadOnlyExecutor executor;
    private static ExecutorService pool;
    private static final CandidateScorer.Schema SCHEMA =
            new CandidateScorer.Schema(
                    Set.of("employees", "departments"),
                    Map.of(
                            "employees",
                            Set.of("emp_id", "first_name", "dept_id", "salary", "hire_date"),
                            "departments",
                            Set.of("dept_id", "dept_name")),
                    Set.of(
                            new SqlReferences.JoinEquality(
                                    "departments", "dept_id", "employees", "dept_id")));
    private static final Set<String> TABLES =
            Set.of("employees", "departments", "orders", "customers", "products", "order_items");

    @BeforeAll
    static void connect() {
        connections = TestDatabase.readerConnections(4);
        executor = new ReadOnlyExecutor(connections, 2_000, 100);
        pool = Executors.newFixedThreadPool(4);
    }

    @AfterAll
    static void close() {
        pool.shutdownNow();
        connections.close();
    }

    private static EvaluationTrace evaluate(String question, int maxToExplain, String... sqls) {
        List<Candidate> candidates = new java.util.ArrayList<>();
        for (String sql : sqls) candidates.add(new Candidate(candidates.size(), sql, "test", 0));
        return new CandidateEvaluator(
                        new CandidateEvaluator.Settings(maxToExplain, 2_000, true, 101))
                .evaluate(
                        question,
                        candidates,
                        SCHEMA,
                        TABLES,
                        sql -> executor.explain("demo", sql, 2_000),
                        pool)
                .join();
    }

    @Test
    void theCandidateThatPassesExplainAndFitsTheQuestionIsChosen() {
        EvaluationTrace t =
                evaluate(
                        "How many employees are in each department?",
                        4,
                        "SELECT d.dept_name, COUNT(*) FROM departments d JOIN employees e ON e.dept_id = d.dept_id GROUP BY d.dept_nam",
                        "SELECT COUNT(*) FROM employees",
                        "SELECT d.dept_name, COUNT(*) FROM departments d JOIN employees e ON e.dept_id = d.dept_id GROUP BY d.dept_name",
                        "DELETE FROM employees");
        assertThat(t.chosenIndex()).isEqualTo(2);
        assertThat(t.chosenSql()).endsWith("GROUP BY d.dept_name\nLIMIT 101");
        var failed = t.candidates().get(0);
        assertThat(failed.explain().passed()).isFalse();
        assertThat(failed.explain().sqlstate()).isEqualTo("42703");
        assertThat(failed.score().explain()).isEqualTo(-50);
        var blocked = t.candidates().get(3);
        assertThat(blocked.blocked()).isTrue();
        assertThat(blocked.rank()).as("never ranked").isZero();
        assertThat(blocked.explain().error()).startsWith("blocked");
    }

    @Test
    void lintErrorsSkipExplainAndOnlyMaxToExplainRun() {
        EvaluationTrace t =
                evaluate(
                        "How many employees?",
                        1,
                        "SELECT COUNT(* FROM employees",
                        "SELECT COUNT(*) FROM employees",
                        "SELECT COUNT(emp_id) FROM employees");
        assertThat(t.candidates().get(0).explain().error()).startsWith("lint errors");
        assertThat(t.candidates().get(1).explain().passed()).isTrue();
        assertThat(t.candidates().get(2).explain().error())
                .startsWith("beyond max_candidates_to_explain 1");
        assertThat(t.chosenIndex()).isEqualTo(1);
    }

    @Test
    void nothingChosenWhenEveryCandidateIsBlocked() {
        EvaluationTrace t =
                evaluate("Drop it", 4, "DROP TABLE employees", "SELECT 1; DELETE FROM employees");
        assertThat(t.chosenIndex()).isNull();
        assertThat(t.chosenSql()).isNull();
    }

    @Test
    void valueVerificationLooksUpTheTopTwoCandidatesLiteralsAndPrefersTheOneThatExists() {
        var schema =
                new CandidateScorer.Schema(
                        Set.of("orders"),
                        Map.of("orders", Set.of("order_id", "status", "customer_id")),
                        Set.of());
        List<Candidate> candidates =
                List.of(
                        new Candidate(
                                0,
                                "SELECT COUNT(*) FROM orders WHERE status = 'Pending'",
                                "test",
                                0),
                        new Candidate(
                                1,
                                "SELECT COUNT(*) FROM orders WHERE status = 'pending'",
                                "test",
                                0));
        List<String> probes = new java.util.concurrent.CopyOnWriteArrayList<>();
        ValueVerifier.ValueLookup lookup =
                (table, column, literal) -> {
                    String probe = ValueVerifier.probe(table, column, literal);
                    probes.add(probe);
                    var o = executor.execute("demo", probe);
                    return o.ok() ? o.result().rowCount() > 0 : null;
                };
        EvaluationTrace off =
                new CandidateEvaluator(new CandidateEvaluator.Settings(4, 2_000, true, 101, false))
                        .evaluate(
                                "How many orders are pending?",
                                candidates,
                                schema,
                                TABLES,
                                sql -> executor.explain("demo", sql, 2_000),
                                lookup,
                                pool)
                        .join();
        assertThat(off.chosenIndex()).as("a tie without verification: generation order").isZero();
        assertThat(probes).isEmpty();
        EvaluationTrace on =
                new CandidateEvaluator(new CandidateEvaluator.Settings(4, 2_000, true, 101, true))
                        .evaluate(
                                "How many orders are pending?",
                                candidates,
                                schema,
                                TABLES,
                                sql -> executor.explain("demo", sql, 2_000),
                                lookup,
                                pool)
                        .join();
        assertThat(on.chosenIndex()).isEqualTo(1);
        assertThat(on.candidates().get(0).valueChecks())
                .singleElement()
                .satisfies(c -> assertThat(c.found()).isFalse());
        assertThat(on.candidates().get(0).score().valueVerification()).isEqualTo(-10);
        assertThat(on.candidates().get(1).valueChecks())
                .singleElement()
                .satisfies(c -> assertThat(c.found()).isTrue());
        assertThat(probes).hasSize(2);
    }
}
