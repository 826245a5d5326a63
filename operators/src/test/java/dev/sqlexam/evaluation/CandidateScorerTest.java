package dev.sqlexam.evaluation;

import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExplainOutcome;
import dev.sqlexam.model.LintIssue;
import dev.sqlexam.model.LintSeverity;
import dev.sqlexam.model.ScoreBreakdown;
import dev.sqlexam.sql.SqlLint;
import dev.sqlexam.sql.SqlReferences;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class CandidateScorerTest {

    private static final CandidateScorer.Schema SCHEMA =
            new CandidateScorer.Schema(
                    Set.of("employees", "departments"),
                    Map.of(
                            "employees",
                            Set.of("employee_id", "first_name", "dept_id", "salary"),
                            "departments",
                            Set.of("dept_id", "dept_name")),
                    Set.of(
                            new SqlReferences.JoinEquality(
                                    "departments", "dept_id", "employees", "dept_id")));
    private static final ExplainOutcome OK = ExplainOutcome.passed(10, 5, 1);
    private static final ExplainOutcome FAILED =
            ExplainOutcome.failed(
                    "42703", ErrorClass.SQL_ERROR, "column x does not exist", null, 1);

    private static ScoreBreakdown score(
            String q, String sql, ExplainOutcome explain, boolean reranker) {
        return CandidateScorer.score(q, sql, SqlLint.lint(sql), explain, SCHEMA, reranker);
    }

    @Test
    void theSeedsTableOfFactors() {
        String q = "What is the average salary by department?";
        ScoreBreakdown good =
                score(
                        q,
                        "SELECT d.dept_name, AVG(e.salary) FROM employees e JOIN departments d "
                                + "ON e.dept_id = d.dept_id GROUP BY d.dept_name",
                        OK,
                        false);
        assertThat(good.total()).isEqualTo(110);
        assertThat(good.groupBy()).isEqualTo(10);
        ScoreBreakdown failing = score(q, "SELECT AVG(e.salary) FROM employees e", FAILED, false);
        assertThat(failing.explain()).isEqualTo(-50);
        assertThat(score(q, "SELECT * FROM employees", OK, false).lint()).isEqualTo(-5);
        assertThat(score(q, "SELECT COUNT(* FROM employees", OK, false).lint()).isEqualTo(-25);
        assertThat(
                        score(
                                        "Top 3 earners?",
                                        "SELECT first_name FROM employees ORDER BY salary DESC LIMIT 3",
                                        OK,
                                        false)
                                .orderLimit())
                .isEqualTo(10);
        assertThat(
                        score(
                                        "How many different departments?",
                                        "SELECT COUNT(DISTINCT dept_id) FROM employees",
                                        OK,
                                        false)
                                .distinct())
                .isEqualTo(5);
        assertThat(
                        score(
                                        "List employees with their departments",
                                        "SELECT e.first_name, d.dept_name FROM employees e JOIN departments d "
                                                + "ON d.dept_id = e.dept_id",
                                        OK,
                                        false)
                                .join())
                .isEqualTo(5);
    }

    @Test
    void theRerankerRewardsTheSchemaTheFkJoinsAndTheAskedShape() {
        String q = "How many employees are in each department?";
        ScoreBreakdown fk =
                score(
                        q,
                        "SELECT d.dept_name, COUNT(*) FROM departments d JOIN employees e ON d.dept_id = e.dept_id "
                                + "GROUP BY d.dept_name",
                        OK,
                        true);
        assertThat(fk.joinMatch()).as("column order does not matter").isEqualTo(20);
        assertThat(fk.schemaAdherence()).isEqualTo(15);
        assertThat(fk.resultShape()).isEqualTo(10);
        ScoreBreakdown wrongJoin =
                score(
                        q,
                        "SELECT d.dept_name, COUNT(*) FROM departments d JOIN employees e "
                                + "ON d.dept_id = e.employee_id GROUP BY d.dept_name",
                        OK,
                        true);
        assertThat(wrongJoin.joinMatch()).isZero();
        ScoreBreakdown invented =
                score(q, "SELECT t.team, COUNT(*) FROM teams t GROUP BY t.team", OK, true);
        assertThat(invented.schemaAdherence()).isZero();
        assertThat(fk.total()).isGreaterThan(wrongJoin.total()).isGreaterThan(invented.total());
    }

    @Test
    void tiesBreakByExplainThenLintErrorsThenGenerationOrder() {
        ScoreBreakdown same = new ScoreBreakdown(100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100);
        SqlLint.Result clean = new SqlLint.Result(List.of());
        SqlLint.Result oneError =
                new SqlLint.Result(List.of(new LintIssue("x", LintSeverity.ERROR, "x")));
        List<CandidateScorer.Scored> ranked =
                CandidateScorer.rank(
                        List.of(
                                new CandidateScorer.Scored(0, "a", oneError, OK, same),
                                new CandidateScorer.Scored(1, "b", clean, FAILED, same),
                                new CandidateScorer.Scored(2, "c", clean, OK, same),
                                new CandidateScorer.Scored(3, "d", clean, OK, same),
                                new CandidateScorer.Scored(
                                        4,
                                        "e",
                                        clean,
                                        OK,
                                        new ScoreBreakdown(100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 101))));
        assertThat(ranked)
                .extracting(CandidateScorer.Scored::sql)
                .containsExactly("e", "c", "d", "a", "b");
    }
}
