package dev.sqlexam.pipeline;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.StageTrace;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.sqlexam.pipeline.ErpFixture.erp;
import static dev.sqlexam.pipeline.ErpFixture.last;
import static dev.sqlexam.pipeline.ErpFixture.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The evaluate step as the read-only role on the ERP database (docs/pipeline.md, "Candidate
 * evaluation" and "Repair"): anything but one SELECT is blocked before it runs, the runnable
 * candidate is chosen and capped with LIMIT row_cap + 1, and the deterministic repairs fix what
 * they document, with no model to ask.
 */
class EvaluateStepITCase {

    private static final String COUNT = "SELECT COUNT(*) FROM employees";

    private static EvaluateStep evaluate;

    @BeforeAll
    static void open() {
        evaluate = new EvaluateStep(ErpFixture.single(ErpFixture.config(Map.of()).evaluation()));
    }

    @AfterAll
    static void close() {
        evaluate.close();
    }

    private static GeneratedTask candidates(String... sql) {
        List<Candidate> list =
                java.util.stream.IntStream.range(0, sql.length)
                        .mapToObj(i -> new Candidate(i, sql[i], "test", 0))
                        .toList();
        return new GeneratedTask(
                task(erp("q", "How many employees are there?", COUNT, List.of())),
                "test",
                list,
                List.of(),
                null,
                null,
                null);
    }

    private static GeneratedTask evaluated(String... sql) throws Exception {
        return evaluate.run(candidates(sql)).get(30, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "DROP TABLE employees",
                "DELETE FROM employees",
                "UPDATE employees SET status = 'terminated'",
                "COPY employees TO '/tmp/employees.csv'",
                "SELECT 1; DROP TABLE employees",
                "WITH gone AS (DELETE FROM employees RETURNING *) SELECT COUNT(*) FROM gone",
                "SELECT * INTO employees_copy FROM employees",
                "SELECT * FROM employees FOR UPDATE",
                "SELECT pg_read_file('/etc/passwd')",
                "SELECT set_config('statement_timeout', '0', false)",
                "SET ROLE sqlexam"
            })
    void hostileOrNonSelectSqlIsBlocked(String hostile) throws Exception {
        GeneratedTask t = evaluated(hostile);

        assertThat(t.evaluation().chosenIndex()).as("nothing to run").isNull();
        EvaluationTrace.CandidateEvaluation judged = t.evaluation().candidates().get(0);
        assertThat(judged.blocked()).isTrue();
        assertThat(judged.blockReason()).isNotBlank();
        StageTrace stage = last(t.trace());
        assertThat(stage.errorClass()).isEqualTo("validation_block");
        assertThat(stage.detail()).isEqualTo("every candidate was blocked");
    }

    @Test
    void aQuestionWhoseEveryCandidateIsBlockedNeverReachesTheDatabase() throws Exception {
        GeneratedTask t = evaluated("DELETE FROM employees", "TRUNCATE employees");
        try (GradeStep grade =
                new GradeStep(
                        ErpFixture.single(ErpFixture.config(Map.of()).execution()),
                        GradeStep.CacheSizes.ONE_QUESTION)) {
            ExamRecord r = grade.run(t).get(30, TimeUnit.SECONDS);

            assertThat(r.reason()).isEqualTo("pred_blocked");
            assertThat(r.trace())
                    .filteredOn(s -> s.stage().equals("execute"))
                    .singleElement()
                    .satisfies(s -> assertThat(s.detail()).startsWith("not run"));
        }
    }

    @Test
    void theRunnableCandidateIsChosenAndGetsTheRowCapAsLimit() throws Exception {
        GeneratedTask t = evaluated("DELETE FROM employees", COUNT);

        assertThat(t.evaluation().chosenIndex()).isEqualTo(1);
        assertThat(t.evaluation().candidates().get(0).blocked()).isTrue();
        assertThat(t.candidates().get(0).sql())
                .as("row_cap (100,000) + 1, which changes no grade")
                .startsWith(COUNT)
                .endsWith("LIMIT 100001");
        assertThat(last(t.trace()).detail()).startsWith("chose candidate 1 of 2");
    }

    @Test
    void aMisspelledTableIsCorrectedToTheClosestName() throws Exception {
        GeneratedTask t = evaluated("SELECT COUNT(*) FROM employes");

        assertThat(t.evaluation().repair().repaired()).isTrue();
        assertThat(t.evaluation().repair().sql()).isEqualTo(COUNT);
        assertThat(t.candidates().get(0).sql()).startsWith(COUNT);
    }

    @Test
    void aMySqlFunctionIsNormalizedToPostgres() throws Exception {
        GeneratedTask t = evaluated("SELECT YEAR(hire_date), COUNT(*) FROM employees GROUP BY 1");

        assertThat(t.evaluation().repair().repaired()).isTrue();
        assertThat(t.evaluation().repair().attempts().get(0).method()).startsWith("pg_normalize");
        assertThat(t.candidates().get(0).sql())
                .startsWith("SELECT EXTRACT(YEAR FROM hire_date), COUNT(*) FROM employees");
    }

    @Test
    void aColumnNoTableHasStaysWrongWithoutAModelToAsk() throws Exception {
        // docs/erp-database.md: there is no salary column on employees
        GeneratedTask t = evaluated("SELECT AVG(salary) FROM employees");

        assertThat(t.evaluation().repair().repaired()).isFalse();
        assertThat(t.evaluation().chosen().explain().sqlstate()).isEqualTo("42703");
        assertThat(t.candidates().get(0).sql()).contains("salary");
        assertThat(last(t.trace()).detail()).contains("repair failed");
    }

    @Test
    void aQuestionWithoutCandidatesPassesUnevaluated() throws Exception {
        GeneratedTask none = candidates();

        GeneratedTask t = evaluate.run(none).get(30, TimeUnit.SECONDS);

        assertThat(t.evaluation()).isNull();
        assertThat(t.candidates()).isEmpty();
    }

    @Test
    void anEvaluationPastTheTimeLimitLetsTheFirstCandidateRunUnevaluated() {
        GeneratedTask late = evaluate.timedOut(candidates("SELECT 1", COUNT));

        assertThat(late.candidates()).extracting(Candidate::sql).containsExactly("SELECT 1", COUNT);
        assertThat(last(late.trace()).infraFailure()).isTrue();
        assertThat(last(late.trace()).detail()).contains("runs unevaluated");
    }
}
