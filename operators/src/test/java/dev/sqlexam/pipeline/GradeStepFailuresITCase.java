package dev.sqlexam.pipeline;

import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.sqlexam.pipeline.ErpFixture.erp;
import static dev.sqlexam.pipeline.ErpFixture.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The grade step's failure reasons (docs/grading.md): the prediction's (pred_error, pred_blocked,
 * timeout, no_prediction), the exam set's (gold_error) and the harness's (infra_failure, excluded
 * from accuracy), and the limits every query runs under. The server's statement timeout is 1 s and
 * the row cap 20 rows here.
 */
class GradeStepFailuresITCase {

    private static GradeStep grade;

    @BeforeAll
    static void open() {
        PipelineConfig config = ErpFixture.config(Map.of(), ErpFixture.resources(1_000, 20));
        grade = new GradeStep(ErpFixture.single(config.execution()), GradeStep.CacheSizes.JOB);
    }

    @AfterAll
    static void close() {
        grade.close();
    }

    private static ExamRecord graded(String gold, String... predictions) throws Exception {
        return ErpFixture.graded(grade, erp("q", "?", gold, List.of()), predictions);
    }

    @Test
    void aColumnTheTableDoesNotHaveIsAPredictionError() throws Exception {
        // docs/erp-database.md: there is no salary column on employees
        ExamRecord r = graded("SELECT COUNT(*) FROM employees", "SELECT salary FROM employees");

        assertThat(r.reason()).isEqualTo("pred_error");
        assertThat(r.sqlstate()).isEqualTo("42703");
        assertThat(r.errorClass()).isEqualTo("sql_error");
    }

    @Test
    void aWriteIsBlockedBeforeItReachesTheDatabase() throws Exception {
        ExamRecord r =
                graded(
                        "SELECT COUNT(*) FROM employees",
                        "DELETE FROM employees WHERE status = 'terminated'");

        assertThat(r.reason()).isEqualTo("pred_blocked");
        assertThat(r.correct()).isFalse();
        try (Connection c = DriverManager.getConnection(TestDatabase.admin().forDatabase("erp"));
                ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM employees")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(3_000);
        }
    }

    @Test
    void aQueryPastTheStatementTimeoutIsGradedTimeout() throws Exception {
        // 250,000 order lines squared cannot be counted within a second
        ExamRecord r =
                graded(
                        "SELECT COUNT(*) FROM departments",
                        "SELECT COUNT(*) FROM order_lines a CROSS JOIN order_lines b");

        assertThat(r.reason()).isEqualTo("timeout");
        assertThat(r.errorClass()).isEqualTo("query_timeout");
        assertThat(r.sqlstate()).isEqualTo("57014");
    }

    @Test
    void aResultOverTheRowCapIsNotCompared() throws Exception {
        // 30 departments, 20 rows allowed
        ExamRecord r =
                graded("SELECT dept_name FROM departments", "SELECT dept_name FROM departments");

        assertThat(r.reason()).isEqualTo("row_cap_exceeded");
        assertThat(r.correct()).isFalse();
    }

    @Test
    void aQuestionWithoutCandidatesHasNoPrediction() throws Exception {
        ExamRecord r = graded("SELECT COUNT(*) FROM departments");

        assertThat(r.reason()).isEqualTo("no_prediction");
        assertThat(r.predSql()).isNull();
    }

    @Test
    void aGoldThatFailsIsTheExamSetsErrorAndCountsAgainstTheRun() throws Exception {
        ExamRecord r = graded("SELECT salary FROM employees", "SELECT COUNT(*) FROM employees");

        assertThat(r.reason()).isEqualTo("gold_error");
        assertThat(r.correct()).isFalse();
        assertThat(dev.sqlexam.model.GradeReason.GOLD_ERROR.excludedFromAccuracy()).isFalse();
    }

    @Test
    void aStageTheHarnessFailedMakesTheQuestionAnInfraFailureNotAWrongAnswer() throws Exception {
        GeneratedTask afterFailedRetrieval =
                new GeneratedTask(
                        task(erp("q", "?", "SELECT COUNT(*) FROM departments", List.of())),
                        "test",
                        List.of(new Candidate(0, "SELECT COUNT(*) FROM departments", "test", 0)),
                        List.of(StageTrace.infraFailure(Stage.RETRIEVE, 3, "server went away")),
                        null,
                        null,
                        null);

        ExamRecord r = grade.run(afterFailedRetrieval).get(60, TimeUnit.SECONDS);

        assertThat(r.reason()).isEqualTo("infra_failure");
        assertThat(r.gradeDetail()).contains("retrieve failed").contains("server went away");
    }

    @Test
    void aQuestionPastTheTimeLimitIsAnInfraFailureOfTheExecuteStage() {
        GeneratedTask late =
                new GeneratedTask(
                        task(erp("q", "?", "SELECT 1", List.of())),
                        "test",
                        List.of(),
                        List.of(),
                        null,
                        null,
                        null);

        ExamRecord r = grade.timedOut(late);

        assertThat(r.reason()).isEqualTo("infra_failure");
        assertThat(r.trace()).last().satisfies(t -> assertThat(t.stage()).isEqualTo("execute"));
    }

    @Test
    void theGoldRunsOncePerQuestionHoweverManyVariantsAsk() throws Exception {
        String gold = "SELECT COUNT(*) FROM employees WHERE employment_type = 'contractor'";

        ExamRecord first = graded(gold, "SELECT 1");
        ExamRecord second = graded(gold, "SELECT 2");

        assertThat(first.goldExecuted()).isEqualTo(1);
        assertThat(second.goldExecuted()).as("taken from the cache").isZero();
    }
}
