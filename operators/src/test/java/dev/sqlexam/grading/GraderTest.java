package dev.sqlexam.grading;

import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.sql.ColumnKind;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.QueryResult;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GraderTest {

    private final Grader grader = new Grader(Tolerance.DEFAULT);

    private static QueryOutcome rows(long... values) {
        List<List<Object>> rows = new java.util.ArrayList<>();
        for (long v : values) rows.add(new java.util.ArrayList<>(List.of(BigDecimal.valueOf(v))));
        return QueryOutcome.success(QueryResult.of(List.of(ColumnKind.NUMBER), rows), 1);
    }

    private static Grader.GoldRun gold(QueryOutcome outcome) {
        return new Grader.GoldRun("SELECT x FROM t", OrderSpec.UNORDERED, outcome);
    }

    @Test
    void matchesAnAlternativeWhenTheGoldDoesNot() {
        Grade grade = grader.grade(List.of(gold(rows(1, 2)), gold(rows(7))), rows(7));
        assertThat(grade.correct()).isTrue();
        assertThat(grade.matchedGold()).isEqualTo(1);
        assertThat(grade.detail()).contains("alternative 1");
    }

    @Test
    void reportsTheReasonAgainstThePrimaryGoldWhenNothingMatches() {
        Grade grade = grader.grade(List.of(gold(rows(1, 2)), gold(rows(7))), rows(3, 4, 5));
        assertThat(grade.correct()).isFalse();
        assertThat(grade.reason()).isEqualTo(GradeReason.ROW_COUNT_MISMATCH);
        assertThat(grade.matchedGold()).isEqualTo(-1);
    }

    @Test
    void failingGoldIsAGoldErrorWhateverThePrediction() {
        QueryOutcome broken =
                QueryOutcome.failure(
                        "42703", ErrorClass.SQL_ERROR, "column nope does not exist", 1);
        Grade grade = grader.grade(List.of(gold(broken)), rows(1));
        assertThat(grade.reason()).isEqualTo(GradeReason.GOLD_ERROR);
        assertThat(grade.correct()).isFalse();
        assertThat(grade.reason().excludedFromAccuracy()).isFalse();
    }

    @Test
    void unreachableDatabaseForTheGoldIsInfrastructureNotTheModel() {
        QueryOutcome down =
                QueryOutcome.failure("08006", ErrorClass.INFRA_FAILURE, "connection refused", 1);
        Grade grade = grader.grade(List.of(gold(down)), rows(1));
        assertThat(grade.reason()).isEqualTo(GradeReason.INFRA_FAILURE);
        assertThat(grade.reason().excludedFromAccuracy()).isTrue();
    }

    @Test
    void predictionFailuresKeepTheirKind() {
        List<Grader.GoldRun> golds = List.of(gold(rows(1)));
        assertThat(
                        grader.grade(
                                        golds,
                                        QueryOutcome.failure(
                                                "42P01", ErrorClass.SQL_ERROR, "no table", 1))
                                .reason())
                .isEqualTo(GradeReason.PRED_ERROR);
        assertThat(
                        grader.grade(
                                        golds,
                                        QueryOutcome.failure(
                                                "57014", ErrorClass.QUERY_TIMEOUT, "canceled", 1))
                                .reason())
                .isEqualTo(GradeReason.TIMEOUT);
        assertThat(
                        grader.grade(
                                        golds,
                                        QueryOutcome.failure(
                                                null,
                                                ErrorClass.VALIDATION_BLOCK,
                                                "blocked: DELETE",
                                                1))
                                .reason())
                .isEqualTo(GradeReason.PRED_BLOCKED);
        assertThat(
                        grader.grade(
                                        golds,
                                        QueryOutcome.failure(
                                                "08006", ErrorClass.INFRA_FAILURE, "gone", 1))
                                .reason())
                .isEqualTo(GradeReason.INFRA_FAILURE);
        assertThat(grader.grade(golds, null).reason()).isEqualTo(GradeReason.NO_PREDICTION);
    }

    @Test
    void lenientVerdictIsReportedBesideTheStrictOne() {
        QueryOutcome wide =
                QueryOutcome.success(
                        QueryResult.of(
                                List.of(ColumnKind.TEXT, ColumnKind.NUMBER),
                                List.of(new java.util.ArrayList<>(List.of("x", BigDecimal.ONE)))),
                        1);
        Grade grade = grader.grade(List.of(gold(rows(1))), wide);
        assertThat(grade.reason()).isEqualTo(GradeReason.COLUMN_COUNT_MISMATCH);
        assertThat(grade.lenientReason()).isEqualTo(GradeReason.MATCH);
        assertThat(grade.lenientCorrect()).isTrue();
    }
}
