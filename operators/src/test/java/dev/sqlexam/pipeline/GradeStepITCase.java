package dev.sqlexam.pipeline;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The grade step's verdicts on values as docs/grading.md defines them, on the ERP data (3,000
 * employees: 2,492 active, 67 on leave, 441 terminated; 30 departments; one unpaid leave type among
 * six). Row order and NULLs: {@link GradeStepOrderAndNullsITCase}.
 */
class GradeStepITCase {

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
    void aRightAnswerWrittenDifferentlyIsCorrect() throws Exception {
        ExamRecord r =
                graded(
                        "SELECT COUNT(*) FROM departments",
                        "SELECT COUNT(dept_id) FROM departments");

        assertThat(r.correct()).isTrue();
        assertThat(r.reason()).isEqualTo("match");
        assertThat(r.matchedGold()).isZero();
        assertThat(r.goldRows()).isEqualTo(1);
        assertThat(r.predRows()).isEqualTo(1);
    }

    @Test
    void aWrongCountIsAValueMismatch() throws Exception {
        ExamRecord r =
                graded(
                        "SELECT COUNT(*) FROM employees WHERE status = 'active'",
                        "SELECT COUNT(*) FROM employees WHERE status = 'terminated'");

        assertThat(r.correct()).isFalse();
        assertThat(r.reason()).isEqualTo("value_mismatch");
        assertThat(r.lenientCorrect()).isFalse();
    }

    @Test
    void anAnswerMatchingAnAlternativeGoldIsCorrectAndSaysWhich() throws Exception {
        // erp-hr-001: "currently active" may include people on leave (2,492 + 67 = 2,559)
        ExamQuestion q =
                new ExamQuestion(
                        "erp-hr-001",
                        "erp",
                        "How many employees are currently active?",
                        "SELECT COUNT(*) FROM employees WHERE status = 'active'",
                        List.of("SELECT COUNT(*) FROM employees WHERE termination_date IS NULL"),
                        List.of("employees"),
                        "easy",
                        "HR",
                        "filter",
                        null,
                        null,
                        1,
                        null);

        ExamRecord r =
                ErpFixture.graded(
                        grade, q, "SELECT COUNT(*) FROM employees WHERE status <> 'terminated'");

        assertThat(r.correct()).isTrue();
        assertThat(r.matchedGold()).isEqualTo(1);
        assertThat(r.gradeDetail()).contains("alternative 1");
    }

    @Test
    void numbersAreCanonicalSo30Equals30Point00() throws Exception {
        ExamRecord r =
                graded(
                        "SELECT COUNT(*) FROM departments",
                        "SELECT CAST(COUNT(*) AS numeric(10, 2)) FROM departments");

        assertThat(r.correct()).isTrue();
    }

    @Test
    void nonIntegersMatchWithinTheRelativeTolerance() throws Exception {
        // erp-hr-007: the 2024 average rating is 3.10800175; 3.1080 is 5.6e-7 off, 3.11 is not
        String gold = "SELECT AVG(rating) FROM performance_reviews WHERE review_year = 2024";

        ExamRecord fourPlaces = graded(gold, gold.replace("AVG(rating)", "ROUND(AVG(rating), 4)"));
        ExamRecord twoPlaces = graded(gold, gold.replace("AVG(rating)", "ROUND(AVG(rating), 2)"));

        assertThat(fourPlaces.correct()).isTrue();
        assertThat(twoPlaces.reason()).isEqualTo("value_mismatch");
    }

    @Test
    void columnsMayComeInAnyOrderUnderAnyName() throws Exception {
        ExamRecord r =
                graded(
                        "SELECT grade_code, min_salary_amt, max_salary_amt FROM job_grades ORDER BY"
                                + " min_salary_amt",
                        "SELECT max_salary_amt AS top, min_salary_amt AS bottom, grade_code AS g"
                                + " FROM job_grades ORDER BY min_salary_amt");

        assertThat(r.reason()).isEqualTo("match");
    }

    @Test
    void extraColumnsFailStrictlyAndPassLeniently() throws Exception {
        // erp-hr-006: "Which types of leave are unpaid?"
        ExamRecord r =
                graded(
                        "SELECT leave_name FROM leave_types WHERE NOT is_paid",
                        "SELECT leave_name, is_paid FROM leave_types WHERE NOT is_paid");

        assertThat(r.reason()).isEqualTo("column_count_mismatch");
        assertThat(r.lenientCorrect()).isTrue();
    }

    @Test
    void everyLeaveTypeForTheUnpaidOnesIsARowCountMismatch() throws Exception {
        ExamRecord r =
                graded(
                        "SELECT leave_name FROM leave_types WHERE NOT is_paid",
                        "SELECT leave_name FROM leave_types");

        assertThat(r.reason()).isEqualTo("row_count_mismatch");
        assertThat(r.goldRows()).isEqualTo(1);
        assertThat(r.predRows()).isEqualTo(6);
    }

    @Test
    void twoEmptyResultsAreCorrectButCountedApart() throws Exception {
        ExamRecord r =
                graded(
                        "SELECT emp_number FROM employees WHERE hire_date > DATE '2030-01-01'",
                        "SELECT emp_number FROM employees WHERE hire_date > DATE '2031-06-30'");

        assertThat(r.correct()).isTrue();
        assertThat(r.reason()).isEqualTo("match_empty");
    }
}
