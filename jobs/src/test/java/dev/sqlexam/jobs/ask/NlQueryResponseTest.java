package dev.sqlexam.jobs.ask;

import dev.sqlexam.grading.QuestionGrading;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.RepairOutcome;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.pipeline.QuestionPipeline;
import dev.sqlexam.sql.ColumnKind;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.QueryResult;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The nl_query answer from a question's way through the stages: status, SQL offered, rows,
 * confidence, tables.
 */
class NlQueryResponseTest {

    private static final String SQL =
            "SELECT c.name, count(*) FROM customers c JOIN sales_orders o ON o.customer_id = c.customer_id GROUP BY 1";
    private static final ExamTask TASK =
            new ExamTask("ask", "default", 1, AskRun.free("Orders per customer?", "erp"));

    private static EvaluationTrace.CandidateEvaluation candidate(
            int index, String sql, boolean blocked) {
        return new EvaluationTrace.CandidateEvaluation(
                index,
                sql,
                sql,
                blocked,
                blocked ? "not a SELECT query" : null,
                List.of(),
                List.of(),
                List.of(),
                null,
                null,
                index + 1);
    }

    private static GeneratedTask evaluated(
            Integer chosen,
            RepairOutcome repair,
            EvaluationTrace.CandidateEvaluation... candidates) {
        List<Candidate> ordered = new ArrayList<>();
        for (EvaluationTrace.CandidateEvaluation c : candidates)
            ordered.add(new Candidate(c.index(), c.sql(), "baseline", 0));
        EvaluationTrace trace =
                new EvaluationTrace(
                        List.of(candidates),
                        chosen,
                        chosen == null ? null : candidates[chosen].sql(),
                        3,
                        repair);
        return new GeneratedTask(
                        TASK,
                        "baseline",
                        ordered,
                        List.of(StageTrace.ok(Stage.GENERATE, 2, "")),
                        null,
                        null,
                        null)
                .withEvaluation(ordered, trace, StageTrace.ok(Stage.EVALUATE, 3, ""));
    }

    private static QuestionPipeline.Answer answer(
            GeneratedTask evaluated, QueryOutcome outcome, StageTrace... more) {
        List<StageTrace> trace = new ArrayList<>(evaluated.trace());
        trace.addAll(List.of(more));
        QuestionGrading.Prediction prediction =
                outcome == null
                        ? null
                        : new QuestionGrading.Prediction(
                                evaluated.candidates().isEmpty()
                                        ? null
                                        : evaluated.candidates().get(0),
                                outcome,
                                4,
                                false);
        return new QuestionPipeline.Answer(null, evaluated, prediction, null, trace);
    }

    private static QueryOutcome rows(int n) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) rows.add(List.of("customer " + i, new BigDecimal("6E+3")));
        return QueryOutcome.success(
                new QueryResult(
                        List.of("name", "count"),
                        List.of(ColumnKind.TEXT, ColumnKind.NUMBER),
                        rows,
                        false),
                4);
    }

    @Test
    void anAnswerThatRanGivesItsRowsUpToTheCapWithDecimalsWrittenPlainly() {
        NlQueryResponse r =
                NlQueryResponse.of(
                        answer(evaluated(0, null, candidate(0, SQL, false)), rows(5)), 3);
        assertThat(r.status()).isEqualTo("ok");
        assertThat(r.sql()).isEqualTo(SQL);
        assertThat(r.rows()).hasSize(3);
        assertThat(r.rowCount()).isEqualTo(5);
        assertThat(r.truncated()).as("more rows than returned").isTrue();
        assertThat(r.rows().get(0).get(1).toString()).isEqualTo("6000");
        assertThat(r.tablesUsed()).containsExactly("customers", "sales_orders");
        assertThat(r.confidence()).isEqualTo(1.0);
        assertThat(r.correct()).as("no gold, no grade").isNull();
    }

    @Test
    void repairsCostConfidenceAndAFailedRunCostsItAll() {
        RepairOutcome twoAttempts = new RepairOutcome(SQL, true, List.of(), 0.8);
        assertThat(
                        NlQueryResponse.of(
                                        answer(
                                                evaluated(0, twoAttempts, candidate(0, SQL, false)),
                                                rows(1)),
                                        10)
                                .confidence())
                .isEqualTo(0.8);

        NlQueryResponse failed =
                NlQueryResponse.of(
                        answer(
                                evaluated(0, null, candidate(0, SQL, false)),
                                QueryOutcome.failure(
                                        "42703",
                                        ErrorClass.SQL_ERROR,
                                        "column c.name does not exist",
                                        3)),
                        10);
        assertThat(failed.status()).isEqualTo("error");
        assertThat(failed.sqlstate()).isEqualTo("42703");
        assertThat(failed.error()).contains("c.name");
        assertThat(failed.confidence()).isZero();
        assertThat(failed.rows()).isEmpty();

        NlQueryResponse denied =
                NlQueryResponse.of(
                        answer(
                                evaluated(0, null, candidate(0, SQL, false)),
                                QueryOutcome.failure(
                                        "42501",
                                        ErrorClass.VALIDATION_BLOCK,
                                        "permission denied for table customers",
                                        3)),
                        10);
        assertThat(denied.error())
                .as("what to grant, on what")
                .contains(
                        "permission denied",
                        "customers, sales_orders",
                        "GRANT SELECT",
                        "--reader connecting-user");
    }

    @Test
    void everyCandidateBlockedOffersNoSqlAndSaysWhy() {
        NlQueryResponse r =
                NlQueryResponse.of(
                        answer(
                                evaluated(null, null, candidate(0, "DELETE FROM customers", true)),
                                QueryOutcome.failure(
                                        null, ErrorClass.VALIDATION_BLOCK, "blocked", 0)),
                        10);
        assertThat(r.status()).isEqualTo("blocked");
        assertThat(r.sql()).isNull();
        assertThat(r.tablesUsed()).isEmpty();
        assertThat(r.error()).isEqualTo("not a SELECT query");
        assertThat(r.confidence()).isZero();
    }

    @Test
    void explainOnlyNoSqlAndInfrastructureFailuresAreTheirOwnStatuses() {
        assertThat(
                        NlQueryResponse.of(
                                        answer(evaluated(0, null, candidate(0, SQL, false)), null),
                                        10)
                                .status())
                .isEqualTo("explained");

        GeneratedTask none =
                new GeneratedTask(
                        TASK,
                        "openai",
                        List.of(),
                        List.of(
                                StageTrace.failed(
                                        Stage.GENERATE,
                                        "no_sql",
                                        null,
                                        5,
                                        "the model wrote no SQL")),
                        null,
                        null,
                        null);
        assertThat(NlQueryResponse.of(answer(none, null), 10).status()).isEqualTo("no_sql");

        GeneratedTask down =
                new GeneratedTask(
                        TASK,
                        "openai",
                        List.of(),
                        List.of(
                                StageTrace.infraFailure(
                                        Stage.GENERATE, 5, "openai failed: connection refused")),
                        null,
                        null,
                        null);
        NlQueryResponse infra = NlQueryResponse.of(answer(down, null), 10);
        assertThat(infra.status()).as("never the model's failure").isEqualTo("infra_failure");
        assertThat(infra.error()).contains("generate", "connection refused");
    }
}
