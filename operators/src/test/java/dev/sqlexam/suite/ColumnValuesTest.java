package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.Column;
import dev.sqlexam.suite.SuiteSchema.Family;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ColumnValuesTest {

    private static Column column(String type, Family family, boolean nullable) {
        return new Column("c", type, family, nullable, null, List.of(), 0, 0, 0);
    }

    private static final Column INT = column("integer", Family.INTEGER, false);
    private static final Column SMALLINT = column("smallint", Family.INTEGER, false);
    private static final Column BIGINT = column("bigint", Family.INTEGER, false);
    private static final Column NUMERIC = column("numeric", Family.NUMERIC, false);
    private static final Column MONEY_5_2 =
            new Column("c", "numeric(5,2)", Family.NUMERIC, false, null, List.of(), 0, 5, 2);
    private static final Column DATE = column("date", Family.DATE, false);
    private static final Column TIMESTAMP =
            column("timestamp without time zone", Family.TIMESTAMP, false);
    private static final Column TEXT = column("text", Family.TEXT, true);
    private static final Column VARCHAR_3 =
            new Column("c", "character varying(3)", Family.TEXT, true, null, List.of(), 3, 0, 0);
    private static final Column BOOL = column("boolean", Family.BOOLEAN, true);
    private static final Column ENUM =
            new Column(
                    "c", "mood", Family.ENUM, true, null, List.of("sad", "ok", "happy"), 0, 0, 0);

    private static List<String> draws(ColumnValues values, int n, double nullRate) {
        Random random = new Random(7);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(values.draw(random, nullRate));
        return out;
    }

    @Test
    void numbersComeWithTheirNeighboursAndOnlyWhenTheyAreNumbers() {
        assertThat(ColumnValues.around(INT, "10")).containsExactly("10", "9", "11");
        assertThat(ColumnValues.around(INT, "-1")).containsExactly("-1", "-2", "0");
        assertThat(ColumnValues.around(INT, "ten")).isEmpty();
        assertThat(ColumnValues.around(INT, "1.5")).isEmpty();
        assertThat(ColumnValues.around(NUMERIC, "5"))
                .containsExactly("5", "4", "6", "4.99", "5.01");
        assertThat(ColumnValues.around(NUMERIC, "2.50"))
                .containsExactly("2.50", "1.50", "3.50", "2.49", "2.51");
        assertThat(ColumnValues.around(NUMERIC, "n/a")).isEmpty();
    }

    @Test
    void datesComeWithTheDayEitherSideAndAYearWithItsFirstAndLastDays() {
        assertThat(ColumnValues.around(DATE, "2024-03-01"))
                .containsExactly("2024-03-01", "2024-02-29", "2024-03-02");
        assertThat(ColumnValues.around(DATE, "2024"))
                .containsExactly(
                        "2024-01-01", "2024-12-31", "2023-12-31", "2025-01-01", "2024-06-15");
        assertThat(ColumnValues.around(DATE, "2024-02-30")).isEmpty();
        assertThat(ColumnValues.around(DATE, "yesterday")).isEmpty();
        assertThat(ColumnValues.around(TIMESTAMP, "2024-03-01 10:30:00"))
                .containsExactly(
                        "2024-03-01 10:30:00",
                        "2024-02-29",
                        "2024-03-02",
                        "2024-03-01 23:59:59",
                        "2024-02-29 23:59:59",
                        "2024-02-29 14:30:00",
                        "2024-03-01 00:00:01");
    }

    @Test
    void textComesWithAPrefixASuffixAndOtherCases() {
        assertThat(ColumnValues.around(TEXT, "Shipped"))
                .containsExactly("Shipped", "Shippe", "Shippedx", "SHIPPED", "shipped", " Shipped");
        assertThat(ColumnValues.around(TEXT, "")).containsExactly("");
    }

    @Test
    void booleansEnumsAndOtherTypesTakeOnlyWhatTheyCanStore() {
        assertThat(ColumnValues.around(BOOL, "T")).containsExactly("true", "false");
        assertThat(ColumnValues.around(BOOL, "yes")).isEmpty();
        assertThat(ColumnValues.around(ENUM, "ok")).containsExactly("ok");
        assertThat(ColumnValues.around(ENUM, "OK")).isEmpty();
        assertThat(ColumnValues.around(column("point", Family.OTHER, true), "(1,2)")).isEmpty();
    }

    @Test
    void fitCutsTextToItsLengthAndNumbersToTheColumnsScale() {
        assertThat(ColumnValues.fit(VARCHAR_3, "abcd")).isEqualTo("abc");
        assertThat(ColumnValues.fit(VARCHAR_3, "ab")).isEqualTo("ab");
        assertThat(ColumnValues.fit(TEXT, "a long text")).isEqualTo("a long text");
        assertThat(ColumnValues.fit(MONEY_5_2, "7")).isEqualTo("7.00");
        assertThat(ColumnValues.fit(MONEY_5_2, "1.005")).isEqualTo("1.01");
        assertThat(ColumnValues.fit(MONEY_5_2, "-999.99")).isEqualTo("-999.99");
        assertThat(ColumnValues.fit(NUMERIC, "1.23456")).isEqualTo("1.23456");
        assertThat(ColumnValues.fit(INT, null)).isNull();
    }

    @Test
    void fitRefusesWhatTheTypeCannotHold() {
        assertThat(ColumnValues.fit(MONEY_5_2, "1000")).isNull();
        assertThat(ColumnValues.fit(MONEY_5_2, "999.995")).as("rounds up to 1000.00").isNull();
        assertThat(ColumnValues.fit(MONEY_5_2, "abc")).isNull();
        assertThat(ColumnValues.fit(SMALLINT, "32767")).isEqualTo("32767");
        assertThat(ColumnValues.fit(SMALLINT, "32768")).isNull();
        assertThat(ColumnValues.fit(INT, "2147483647")).isEqualTo("2147483647");
        assertThat(ColumnValues.fit(INT, "2147483648")).isNull();
        assertThat(ColumnValues.fit(INT, "1.5")).isNull();
        assertThat(ColumnValues.fit(INT, "x")).isNull();
        assertThat(ColumnValues.fit(column("money", Family.NUMERIC, true), "$1.00"))
                .isEqualTo("$1.00");
    }

    @Test
    void theSmallestValuesOfSmallintAndIntegerFit() {
        assertThat(ColumnValues.fit(SMALLINT, "-32768")).isEqualTo("-32768");
        assertThat(ColumnValues.fit(INT, "-2147483648")).isEqualTo("-2147483648");
    }

    @Test
    void aBigintOfNineteenDigitsFits() {
        assertThat(ColumnValues.fit(BIGINT, "9223372036854775807"))
                .isEqualTo("9223372036854775807");
        assertThat(ColumnValues.fit(BIGINT, "-1000000000000000000"))
                .isEqualTo("-1000000000000000000");
    }

    @Test
    void aTextThatIsNoDateDoesNotFitADateColumn() {
        assertThat(ColumnValues.fit(DATE, "2024")).isNull();
        assertThat(ColumnValues.fit(TIMESTAMP, "soon")).isNull();
    }

    @Test
    void constantsAreTheGoldsWithTheirNeighboursFittedToTheColumn() {
        assertThat(new ColumnValues(INT, List.of("10", "11", "oops"), List.of(), false).constants)
                .containsExactly("10", "9", "11", "12");
        // cut to three characters, "abcd", "abcdx" and " abcd" meet as "abc" and " ab"
        assertThat(new ColumnValues(VARCHAR_3, List.of("abcd"), List.of(), false).constants)
                .containsExactly("abc", "ABC", " ab");
        // a checked text column (status IN (…)) would refuse the variants
        assertThat(new ColumnValues(TEXT, List.of("open"), List.of(), true).constants)
                .containsExactly("open");
        assertThat(new ColumnValues(INT, List.of("5"), List.of(), true).constants)
                .containsExactly("5", "4", "6");
    }

    @Test
    void samplesAreFittedWithoutNullsOrDuplicates() {
        List<String> sampled = java.util.Arrays.asList("abcd", null, "abc", "x", "x");
        assertThat(new ColumnValues(VARCHAR_3, List.of(), sampled, false).samples)
                .containsExactly("abc", "x");
    }

    @Test
    void boundariesAreTheSamplesEndsOneStepAndFarBeyondAndTheTypesEdges() {
        assertThat(new ColumnValues(INT, List.of(), List.of("7", "12", "5"), false).boundaries)
                .containsExactly("5", "12", "4", "13", "0", "1", "-1", "2");
        assertThat(new ColumnValues(NUMERIC, List.of(), List.of("3.5", "1.25"), false).boundaries)
                .containsExactly("1.25", "3.5", "1.24", "3.51", "0", "1", "-1", "0.01");
        // 999.99 + 0.01 does not fit numeric(5,2)
        assertThat(
                        new ColumnValues(MONEY_5_2, List.of(), List.of("1.50", "999.99"), false)
                                .boundaries)
                .containsExactly("1.50", "999.99", "1.49", "0.00", "1.00", "-1.00", "0.01");
        assertThat(
                        new ColumnValues(
                                        DATE, List.of(), List.of("2024-03-01", "2023-12-31"), false)
                                .boundaries)
                .containsExactly(
                        "2023-12-31",
                        "2024-03-01",
                        "2023-12-30",
                        "2024-03-02",
                        "2022-11-26",
                        "2025-04-05",
                        "2016-12-31");
        assertThat(
                        new ColumnValues(
                                        TIMESTAMP, List.of(), List.of("2024-03-01 08:00:00"), false)
                                .boundaries)
                .contains("2024-03-01 10:30:00", "2023-01-26 10:30:00", "2017-03-01 10:30:00");
        assertThat(new ColumnValues(TEXT, List.of(), List.of("a", "b"), false).boundaries)
                .isEmpty();
        assertThat(new ColumnValues(INT, List.of(), List.of(), false).boundaries).isEmpty();
    }

    @Test
    void withNullRateZeroNoColumnDrawsNullAndANotNullColumnNeverDoes() {
        Column nullableInt = column("integer", Family.INTEGER, true);
        assertThat(draws(new ColumnValues(nullableInt, List.of("3"), List.of("8"), false), 500, 0))
                .doesNotContainNull();
        assertThat(draws(new ColumnValues(INT, List.of("3"), List.of("8"), false), 500, 1.0))
                .doesNotContainNull();
        assertThat(
                        draws(
                                new ColumnValues(nullableInt, List.of("3"), List.of("8"), false),
                                200,
                                1.0))
                .containsOnlyNulls();
        List<String> someNulls =
                draws(new ColumnValues(nullableInt, List.of("3"), List.of("8"), false), 1_000, 0.3);
        assertThat(someNulls.stream().filter(v -> v == null).count()).isBetween(200L, 400L);
    }

    @Test
    void aCheckedColumnDrawsOnlyFromItsConstantsBoundariesAndSamples() {
        ColumnValues checked = new ColumnValues(INT, List.of("50"), List.of("20", "30"), true);
        Set<String> allowed = new HashSet<>(checked.constants);
        allowed.addAll(checked.boundaries);
        allowed.addAll(checked.samples);
        assertThat(draws(checked, 2_000, 0)).allMatch(allowed::contains);
        // the same column unchecked also draws values of its type
        assertThat(
                        draws(
                                new ColumnValues(INT, List.of("50"), List.of("20", "30"), false),
                                2_000,
                                0))
                .anyMatch(v -> !allowed.contains(v));
    }

    @Test
    void aCheckedColumnWithoutSamplesDrawsOnlyItsConstants() {
        ColumnValues checked = new ColumnValues(TEXT, List.of("open", "held"), List.of(), true);
        assertThat(draws(checked, 500, 0)).allMatch(v -> v.equals("open") || v.equals("held"));
    }

    @Test
    void retainDropsRefusedConstantsAndBoundariesButKeepsSamples() {
        ColumnValues values = new ColumnValues(INT, List.of("0"), List.of("1", "5"), true);
        assertThat(values.constants).containsExactly("0", "-1", "1");
        assertThat(values.boundaries).containsExactly("1", "5", "0", "6", "-1", "2");
        values.retain(v -> Integer.parseInt(v) > 1);
        assertThat(values.constants).isEmpty();
        assertThat(values.boundaries).containsExactly("5", "6", "2");
        assertThat(values.samples).containsExactly("1", "5");
    }

    @Test
    void typedGivesAValueOfTheColumnsTypeOrNullWhenNoneCanBeMade() {
        Random random = new Random(11);
        java.util.Set<Boolean> recent = new java.util.HashSet<>();
        for (int i = 0; i < 300; i++) {
            assertThat(new ColumnValues(INT, List.of(), List.of(), false).typed(random))
                    .matches("-?\\d+");
            assertThat(new ColumnValues(MONEY_5_2, List.of(), List.of(), false).typed(random))
                    .satisfiesAnyOf(
                            v -> assertThat(v).isNull(),
                            v -> assertThat(v).matches("-?\\d{1,3}\\.\\d{2}"));
            // mostly recent years, now and then three decades
            LocalDate day =
                    LocalDate.parse(
                            new ColumnValues(DATE, List.of(), List.of(), false).typed(random));
            assertThat(day).isBetween("1995-01-01", "2029-12-31");
            recent.add(
                    !day.isBefore(LocalDate.parse("2023-01-01"))
                            && day.isBefore(LocalDate.parse("2026-01-01")));
            assertThat(new ColumnValues(TIMESTAMP, List.of(), List.of(), false).typed(random))
                    .matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:00");
            assertThat(new ColumnValues(VARCHAR_3, List.of(), List.of(), false).typed(random))
                    .hasSizeLessThanOrEqualTo(3);
            assertThat(new ColumnValues(BOOL, List.of(), List.of(), false).typed(random))
                    .isIn("true", "false");
            assertThat(new ColumnValues(ENUM, List.of(), List.of(), false).typed(random))
                    .isIn("sad", "ok", "happy");
        }
        assertThat(recent).containsExactlyInAnyOrder(true, false);
        assertThat(
                        new ColumnValues(
                                        column("point", Family.OTHER, true),
                                        List.of(),
                                        List.of(),
                                        false)
                                .typed(random))
                .isNull();
        assertThat(
                        new ColumnValues(
                                        new Column(
                                                "c",
                                                "e",
                                                Family.ENUM,
                                                true,
                                                null,
                                                List.of(),
                                                0,
                                                0,
                                                0),
                                        List.of(),
                                        List.of(),
                                        false)
                                .typed(random))
                .isNull();
    }
}
