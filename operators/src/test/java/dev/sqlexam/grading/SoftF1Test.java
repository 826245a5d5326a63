package dev.sqlexam.grading;

import dev.sqlexam.sql.ColumnKind;
import dev.sqlexam.sql.QueryResult;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;

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

    /**
     * The score is the same as with the first normalisation (every number a decimal without
     * trailing zeros), on random results of mixed numbers (widths, signed zeros, NaN, integral
     * values past a long), text, nulls and duplicates.
     */
    @Test
    void scoresAsWhenEveryNumberWasADecimal() {
        Object[] pool = {
            0L,
            4L,
            -4L,
            100L,
            Long.MAX_VALUE,
            Long.MIN_VALUE,
            4,
            100,
            (short) 4,
            (byte) 4,
            4.0,
            -0.0,
            0.0,
            0.1,
            4.5,
            1e20,
            Math.pow(2, 60),
            Double.NaN,
            4.0f,
            0.1f,
            new BigDecimal("4.00"),
            new BigDecimal("4.50"),
            new BigDecimal("1E+2"),
            new BigDecimal("1E+20"),
            new BigDecimal("9223372036854775807.0"),
            new BigDecimal("9223372036854775808"),
            new BigDecimal("-9223372036854775809.00"),
            new BigDecimal("0E-3"),
            new BigDecimal("-9223372036854775808.00"),
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            Float.NaN,
            BigInteger.valueOf(4),
            "4",
            "a",
            null,
            true
        };
        Random random = new Random(20261129);
        for (int round = 0; round < 3000; round++) {
            int columns = 1 + random.nextInt(3);
            QueryResult gold = randomRows(random, pool, columns, random.nextInt(6));
            QueryResult pred = randomRows(random, pool, 1 + random.nextInt(3), random.nextInt(8));
            assertThat(SoftF1.score(gold, pred))
                    .as("%s against %s", gold.rows(), pred.rows())
                    .isEqualTo(decimalScore(gold, pred));
        }
    }

    private static QueryResult randomRows(Random random, Object[] pool, int columns, int count) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (i > 0 && random.nextInt(4) == 0) {
                rows.add(rows.get(random.nextInt(i)));
                continue;
            }
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < columns; c++) row.add(pool[random.nextInt(pool.length)]);
            rows.add(row);
        }
        return QueryResult.of(java.util.Collections.nCopies(columns, ColumnKind.OTHER), rows);
    }

    /** Soft-F1 as first written: every number a decimal without trailing zeros (zero as 0). */
    private static double decimalScore(QueryResult gold, QueryResult pred) {
        List<List<Object>> g = decimalRows(gold);
        List<List<Object>> p = decimalRows(pred);
        if (g.isEmpty() && p.isEmpty()) return 1.0;
        double tp = 0;
        double fp = 0;
        double fn = 0;
        for (int i = 0; i < g.size(); i++) {
            if (i >= p.size()) {
                fn += 1;
                continue;
            }
            List<Object> goldRow = g.get(i);
            List<Object> predRow = p.get(i);
            int columns = Math.max(1, goldRow.size());
            int matches = 0;
            int predOnly = 0;
            int goldOnly = 0;
            for (Object v : predRow) {
                if (goldRow.contains(v)) matches++;
                else predOnly++;
            }
            for (Object v : goldRow) if (!predRow.contains(v)) goldOnly++;
            tp += (double) matches / columns;
            fp += (double) predOnly / columns;
            fn += (double) goldOnly / columns;
        }
        fp += Math.max(0, p.size() - g.size());
        double precision = tp + fp > 0 ? tp / (tp + fp) : 0;
        double recall = tp + fn > 0 ? tp / (tp + fn) : 0;
        return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
    }

    private static List<List<Object>> decimalRows(QueryResult result) {
        LinkedHashSet<List<Object>> rows = new LinkedHashSet<>();
        for (List<Object> row : result.rows()) {
            List<Object> key = new ArrayList<>();
            for (Object v : row) {
                BigDecimal number = null;
                if (v instanceof Double d && Double.isFinite(d)) number = BigDecimal.valueOf(d);
                else if (v instanceof Float f && Float.isFinite(f))
                    number = new BigDecimal(f.toString());
                else if (v instanceof BigDecimal b) number = b;
                else if (v instanceof Long || v instanceof Integer || v instanceof Short)
                    number = BigDecimal.valueOf(((Number) v).longValue());
                key.add(
                        number == null
                                ? v
                                : number.signum() == 0
                                        ? BigDecimal.ZERO
                                        : number.stripTrailingZeros());
            }
            rows.add(key);
        }
        return new ArrayList<>(rows);
    }
}
