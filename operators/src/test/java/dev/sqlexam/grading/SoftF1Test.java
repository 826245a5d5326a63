package dev.sqlexam.grading;

import dev.sqlexam.sql.ColumnKind;
import dev.sqlexam.sql.QueryResult;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SoftF1Test {

    private static QueryResult rows(Object[]... rows) {
        List<List<Object>> list = Arrays.stream(rows).map(Arrays::asList).toList();
        int columns = rows.length == 0 ? 1 : rows[0].length;
        return QueryResult.of(java.util.Collections.nCopies(columns, ColumnKind.OTHER), list);
    }

    @Test
    void identicalResultsScoreOneAndDisjointOnesZero() {
        assertThat(SoftF1.score(rows(new Object[] {1L, "a"}), rows(new Object[] {1L, "a"})))
                .isEqualTo(1.0);
        assertThat(SoftF1.score(rows(new Object[] {1L}), rows(new Object[] {2L}))).isEqualTo(0.0);
        assertThat(SoftF1.score(rows(), rows())).isEqualTo(1.0);
    }

    @Test
    void halfTheCellsRightIsPartialCreditAndNumbersCompareByValue() {
        // row 1: one of two cells right (tp .5, fp .5, fn .5); row 2: right; F1 = 1.5 / (1.5 + .5)
        // = .75
        double f1 =
                SoftF1.score(
                        rows(new Object[] {1L, "a"}, new Object[] {2L, "b"}),
                        rows(new Object[] {1.0, "x"}, new Object[] {2L, "b"}));
        assertThat(f1).isCloseTo(0.75, within(1e-9));
    }

    @Test
    void extraPredictedRowsCostPrecisionAndDuplicatesAreDropped() {
        double f1 =
                SoftF1.score(
                        rows(new Object[] {1L}),
                        rows(new Object[] {1L}, new Object[] {1L}, new Object[] {2L}));
        assertThat(f1).isCloseTo(2 * 0.5 * 1.0 / 1.5, within(1e-9));
    }

    @Test
    void integersOfEveryWidthMatchTheSameValueAsDecimalOrDouble() {
        Object[][] sameValue = {
            {0L, 0, (short) 0, 0.0, -0.0, new java.math.BigDecimal("0.00")},
            {
                100L,
                100,
                (short) 100,
                100.0,
                new java.math.BigDecimal("100.000"),
                new java.math.BigDecimal("1E+2")
            },
            {-7L, -7, (short) -7, -7.0, new java.math.BigDecimal("-7.0")},
            {Long.MAX_VALUE, new java.math.BigDecimal(Long.toString(Long.MAX_VALUE) + ".0")},
            {Long.MIN_VALUE, new java.math.BigDecimal(Long.toString(Long.MIN_VALUE))},
            {(long) Integer.MIN_VALUE, Integer.MIN_VALUE, (double) Integer.MIN_VALUE},
        };
        for (Object[] values : sameValue)
            for (Object gold : values)
                for (Object pred : values)
                    assertThat(SoftF1.score(rows(new Object[] {gold}), rows(new Object[] {pred})))
                            .as(
                                    "%s (%s) against %s (%s)",
                                    gold,
                                    gold.getClass().getSimpleName(),
                                    pred,
                                    pred.getClass().getSimpleName())
                            .isEqualTo(1.0);
        assertThat(SoftF1.score(rows(new Object[] {10L}), rows(new Object[] {1L}))).isZero();
        assertThat(
                        SoftF1.score(
                                rows(new Object[] {Long.MAX_VALUE}),
                                rows(new Object[] {Long.MAX_VALUE - 1})))
                .isZero();
    }
}
