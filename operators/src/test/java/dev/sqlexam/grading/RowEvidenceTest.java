package dev.sqlexam.grading;

import dev.sqlexam.model.GradeReason;
import dev.sqlexam.model.ResultEvidence;
import dev.sqlexam.sql.ColumnKind;
import dev.sqlexam.sql.QueryResult;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The rows a wrong prediction keeps, on results written by hand. */
class RowEvidenceTest {

    private static final GradingRules.EvidenceLimits FIVE = GradingRules.EvidenceLimits.DEFAULT;

    private static QueryResult result(List<String> columns, Object[]... rows) {
        List<List<Object>> list = new ArrayList<>();
        for (Object[] r : rows) list.add(Arrays.asList(r));
        List<ColumnKind> kinds = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) kinds.add(ColumnKind.OTHER);
        return new QueryResult(columns, kinds, list, false);
    }

    private static Object[] row(Object... cells) {
        return cells;
    }

    private static ResultEvidence evidence(
            QueryResult gold, QueryResult pred, GradeReason reason, GradingRules.EvidenceLimits l) {
        return RowEvidence.of(gold, pred, reason, l, Tolerance.DEFAULT);
    }

    @Test
    void theFirstGoldRowMissingAndTheFirstPredictedRowTooMany() {
        QueryResult gold = result(List.of("name", "n"), row("ann", 3), row("bob", 2), row("cy", 1));
        QueryResult pred =
                result(List.of("name", "n"), row("ann", 3), row("bob", 2), row("dee", 1));
        ResultEvidence e = evidence(gold, pred, GradeReason.VALUE_MISMATCH, FIVE);
        assertThat(e.difference().kind()).isEqualTo(ResultEvidence.ROWS_DIFFER);
        assertThat(e.difference().goldRow()).containsExactly("cy", "1");
        assertThat(e.difference().predRow()).containsExactly("dee", "1");
        assertThat(e.difference().alignment()).containsExactly(1, 2);
        assertThat(e.goldRows()).hasSize(3);
        assertThat(e.truncated()).isFalse();
    }

    @Test
    void aDuplicateRowIsTheDifferenceWhenEveryValueIsShared() {
        QueryResult gold = result(List.of("city"), row("Oslo"), row("Rome"));
        QueryResult pred = result(List.of("city"), row("Oslo"), row("Oslo"), row("Rome"));
        ResultEvidence e = evidence(gold, pred, GradeReason.ROW_COUNT_MISMATCH, FIVE);
        assertThat(e.difference().goldRow()).isNull();
        assertThat(e.difference().predRow()).containsExactly("Oslo");
    }

    @Test
    void swappedColumnsAreAlignedBeforeRowsAreCompared() {
        QueryResult gold = result(List.of("id", "name"), row(1, "ann"), row(2, "bob"));
        QueryResult pred = result(List.of("name", "id"), row("ann", 1), row("bob", 3));
        ResultEvidence e = evidence(gold, pred, GradeReason.VALUE_MISMATCH, FIVE);
        // name holds the same values in both; id does not, and takes the column left
        assertThat(e.difference().alignment()).containsExactly(2, 1);
        assertThat(e.difference().goldRow()).containsExactly("2", "bob");
        assertThat(e.difference().predRow()).containsExactly("3", "bob");
        assertThat(e.predColumns()).containsExactly("name", "id");
        assertThat(e.predRows().get(0)).containsExactly("ann", "1");
    }

    @Test
    void rowsInAnotherOrderShowThePositionWhereTheyPart() {
        QueryResult gold = result(List.of("n"), row(3), row(2), row(2), row(1));
        QueryResult pred = result(List.of("n"), row(3), row(2), row(1), row(2));
        ResultEvidence e = evidence(gold, pred, GradeReason.ORDER_MISMATCH, FIVE);
        assertThat(e.difference().kind()).isEqualTo(ResultEvidence.ORDER_DIFFERS);
        assertThat(e.difference().row()).isEqualTo(3);
        assertThat(e.difference().goldRow()).containsExactly("2");
        assertThat(e.difference().predRow()).containsExactly("1");
    }

    @Test
    void nullsAndNumbersReadAsAPersonReadsThem() {
        QueryResult gold = result(List.of("v"), row(new BigDecimal("2.50")), row((Object) null));
        QueryResult pred = result(List.of("v"), row(2.5), row(0));
        ResultEvidence e = evidence(gold, pred, GradeReason.VALUE_MISMATCH, FIVE);
        assertThat(e.goldRows()).containsExactly(List.of("2.5"), List.of("NULL"));
        assertThat(e.difference().goldRow()).containsExactly("NULL");
        assertThat(e.difference().predRow()).containsExactly("0");
    }

    @Test
    void fewerOrNoPredictedRowsAreComparedColumnByName() {
        QueryResult gold = result(List.of("id", "name"), row(1, "a"), row(2, "b"), row(3, "c"));
        QueryResult none = result(List.of("id", "name"));
        ResultEvidence empty = evidence(gold, none, GradeReason.ROW_COUNT_MISMATCH, FIVE);
        assertThat(empty.difference().goldRow()).containsExactly("1", "a");
        assertThat(empty.difference().predRow()).isNull();
        assertThat(empty.predRows()).isEmpty();
        QueryResult swapped =
                result(List.of("name", "id", "extra"), row("b", 2, 0), row("z", 9, 0));
        ResultEvidence fewer = evidence(gold, swapped, GradeReason.ROW_COUNT_MISMATCH, FIVE);
        assertThat(fewer.difference().alignment()).containsExactly(2, 1);
        assertThat(fewer.difference().goldRow()).containsExactly("1", "a");
        assertThat(fewer.difference().predRow()).containsExactly("9", "z");
    }

    @Test
    void differentShapesKeepBothResultsAndNoAlignedDifference() {
        QueryResult gold = result(List.of("a", "b"), row(1, 2));
        QueryResult pred = result(List.of("a"), row(1));
        ResultEvidence e = evidence(gold, pred, GradeReason.COLUMN_COUNT_MISMATCH, FIVE);
        assertThat(e.difference()).isNull();
        assertThat(e.predRows()).containsExactly(List.of("1"));
    }

    @Test
    void aFailedPredictionKeepsTheGoldsRowsOnly() {
        QueryResult gold = result(List.of("a"), row(1));
        ResultEvidence e = evidence(gold, null, GradeReason.PRED_ERROR, FIVE);
        assertThat(e.goldRows()).containsExactly(List.of("1"));
        assertThat(e.predRows()).isNull();
        assertThat(e.predColumns()).isNull();
    }

    @Test
    void rowsCellsAndBytesAreBounded() {
        Object[][] many = new Object[40][];
        for (int i = 0; i < 40; i++) many[i] = row("x".repeat(200) + i);
        QueryResult gold = result(List.of("t"), many);
        QueryResult pred = result(List.of("t"), row("y"));
        ResultEvidence shortCells =
                evidence(
                        gold,
                        pred,
                        GradeReason.ROW_COUNT_MISMATCH,
                        new GradingRules.EvidenceLimits(3, 10, 100_000));
        assertThat(shortCells.goldRows()).hasSize(3);
        assertThat(shortCells.goldRows().get(0).get(0)).isEqualTo("xxxxxxxxxx…");
        assertThat(shortCells.truncated()).isTrue();
        ResultEvidence fewBytes =
                evidence(
                        gold,
                        pred,
                        GradeReason.ROW_COUNT_MISMATCH,
                        new GradingRules.EvidenceLimits(30, 200, 700));
        assertThat(fewBytes.goldRows().size()).isLessThan(4);
        assertThat(fewBytes.truncated()).isTrue();
        assertThat(
                        evidence(
                                gold,
                                pred,
                                GradeReason.ROW_COUNT_MISMATCH,
                                new GradingRules.EvidenceLimits(0, 10, 1000)))
                .as("0 rows: none kept")
                .isNull();
    }
}
