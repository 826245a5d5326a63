package dev.sqlexam.pipeline;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Row order and NULLs in the grade step (docs/grading.md): order counts only under the gold's
 * top-level ORDER BY, rows tying on its keys may come in any order, an exam line's order_matters
 * overrides; NULL equals NULL and never 0 or ''. The ERP's 10 job grades have distinct salary
 * bands; five of its six leave types are paid.
 */
class GradeStepOrderAndNullsITCase {

    private static GradeStep grade;

    @BeforeAll
    static void open() {
        grade = ErpFixture.oneQuestionGrade();
    }

    @AfterAll
    static void close() {
        grade.close();
    }

    private static ExamRecord graded(String gold, String prediction) throws Exception {
        return ErpFixture.graded(grade, gold, prediction);
    }

    @Test
    void theGoldsOrderByMakesTheOtherDirectionAnOrderMismatch() throws Exception {
        // erp-hr-009: "from the lowest paid grade to the highest"
        ExamRecord r =
                graded(
                        "SELECT grade_code, min_salary_amt, max_salary_amt FROM job_grades ORDER BY"
                                + " min_salary_amt",
                        "SELECT grade_code, min_salary_amt, max_salary_amt FROM job_grades ORDER BY"
                                + " min_salary_amt DESC");

        assertThat(r.orderMatters()).isTrue();
        assertThat(r.correct()).isFalse();
        assertThat(r.reason()).isEqualTo("order_mismatch");
    }

    @Test
    void rowsThatTieOnTheOrderByKeysMayComeInAnyOrder() throws Exception {
        String gold = "SELECT leave_name, is_paid FROM leave_types ORDER BY is_paid";

        ExamRecord tiesPermuted =
                graded(gold, "SELECT leave_name, is_paid FROM leave_types ORDER BY 2, 1 DESC");
        ExamRecord unpaidLast =
                graded(gold, "SELECT leave_name, is_paid FROM leave_types ORDER BY 2 DESC");

        assertThat(tiesPermuted.reason()).isEqualTo("match");
        assertThat(unpaidLast.reason()).isEqualTo("order_mismatch");
    }

    @Test
    void withoutOrderByInTheGoldAnyRowOrderIsRight() throws Exception {
        // erp-hr-024
        ExamRecord r =
                graded(
                        "SELECT reason_code, COUNT(*) AS leavers FROM employee_terminations GROUP"
                                + " BY reason_code",
                        "SELECT COUNT(*) AS n, reason_code FROM employee_terminations GROUP BY"
                                + " reason_code ORDER BY n DESC");

        assertThat(r.orderMatters()).isFalse();
        assertThat(r.correct()).isTrue();
        assertThat(r.reason()).isIn("match", "match_unordered");
    }

    @Test
    void nullEqualsNullButNeverTheEmptyString() throws Exception {
        // erp-hr-008: 93 employees have no email address
        String gold = "SELECT emp_number, email FROM employees WHERE email IS NULL";

        ExamRecord nulls =
                graded(gold, "SELECT emp_number, NULL::text FROM employees WHERE email IS NULL");
        ExamRecord blanks =
                graded(
                        gold,
                        "SELECT emp_number, COALESCE(email, '') FROM employees WHERE email IS NULL");

        assertThat(nulls.correct()).isTrue();
        assertThat(nulls.goldRows()).isEqualTo(93);
        assertThat(blanks.reason()).isEqualTo("value_mismatch");
    }

    @Test
    void aNullSumIsNotZero() throws Exception {
        // no return is dated 2030: SUM over no rows is NULL
        ExamRecord r =
                graded(
                        "SELECT SUM(refund_amt) FROM sales_returns WHERE return_date >= DATE"
                                + " '2030-01-01'",
                        "SELECT COALESCE(SUM(refund_amt), 0) FROM sales_returns WHERE return_date"
                                + " >= DATE '2030-01-01'");

        assertThat(r.reason()).isEqualTo("value_mismatch");
    }

    @Test
    void anExamLinesOrderMattersFalseOverridesTheGoldsOrderBy() throws Exception {
        ExamQuestion unordered =
                new ExamQuestion(
                        "q",
                        "erp",
                        "Which job grades are there?",
                        "SELECT grade_code FROM job_grades ORDER BY min_salary_amt",
                        List.of(),
                        List.of(),
                        null,
                        null,
                        null,
                        null,
                        false,
                        1,
                        null);

        ExamRecord r =
                ErpFixture.graded(
                        grade,
                        unordered,
                        "SELECT grade_code FROM job_grades ORDER BY min_salary_amt DESC");

        assertThat(r.orderMatters()).isFalse();
        assertThat(r.reason()).isEqualTo("match_unordered");
    }
}
