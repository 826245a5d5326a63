package dev.sqlexam.grading;

import dev.sqlexam.model.GradeReason;
import dev.sqlexam.sql.ColumnKind;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryResult;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ResultComparatorTest {

    private static final ColumnKind N = ColumnKind.NUMBER;
    private static final ColumnKind T = ColumnKind.TEXT;
    private final ResultComparator comparator = new ResultComparator(Tolerance.DEFAULT);

    static BigDecimal d(String s) {
        return new BigDecimal(s).stripTrailingZeros();
    }

    static List<Object> row(Object... values) {
        return new ArrayList<>(Arrays.asList(values));
    }

    static QueryResult result(List<ColumnKind> kinds, List<Object>... rows) {
        return QueryResult.of(kinds, List.of(rows));
    }

    record Case(
            String name,
            QueryResult gold,
            QueryResult pred,
            OrderSpec order,
            GradeReason strict,
            GradeReason lenient) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> cases() {
        OrderSpec byFirst = new OrderSpec(true, List.of(0));
        OrderSpec bySecond = new OrderSpec(true, List.of(1));
        return Stream.of(
                        new Case(
                                "identical rows",
                                result(List.of(N, T), row(d("1"), "a"), row(d("2"), "b")),
                                result(List.of(N, T), row(d("1"), "a"), row(d("2"), "b")),
                                OrderSpec.UNORDERED,
                                GradeReason.MATCH,
                                GradeReason.MATCH),
                        new Case(
                                "rows shuffled, order not required",
                                result(List.of(N, T), row(d("1"), "a"), row(d("2"), "b")),
                                result(List.of(N, T), row(d("2"), "b"), row(d("1"), "a")),
                                OrderSpec.UNORDERED,
                                GradeReason.MATCH_UNORDERED,
                                GradeReason.MATCH_UNORDERED),
                        new Case(
                                "rows shuffled, order required",
                                result(List.of(N, T), row(d("1"), "a"), row(d("2"), "b")),
                                result(List.of(N, T), row(d("2"), "b"), row(d("1"), "a")),
                                byFirst,
                                GradeReason.ORDER_MISMATCH,
                                GradeReason.ORDER_MISMATCH),
                        new Case(
                                "ties on the order key may be permuted",
                                result(
                                        List.of(T, N),
                                        row("x", d("5")),
                                        row("y", d("5")),
                                        row("z", d("3"))),
                                result(
                                        List.of(T, N),
                                        row("y", d("5")),
                                        row("x", d("5")),
                                        row("z", d("3"))),
                                bySecond,
                                GradeReason.MATCH,
                                GradeReason.MATCH),
                        new Case(
                                "ties do not excuse crossing a key boundary",
                                result(
                                        List.of(T, N),
                                        row("x", d("5")),
                                        row("y", d("5")),
                                        row("z", d("3"))),
                                result(
                                        List.of(T, N),
                                        row("z", d("3")),
                                        row("x", d("5")),
                                        row("y", d("5"))),
                                bySecond,
                                GradeReason.ORDER_MISMATCH,
                                GradeReason.ORDER_MISMATCH),
                        new Case(
                                "unknown order keys compare row by row",
                                result(List.of(T, N), row("x", d("5")), row("y", d("5"))),
                                result(List.of(T, N), row("y", d("5")), row("x", d("5"))),
                                OrderSpec.SEQUENCE,
                                GradeReason.ORDER_MISMATCH,
                                GradeReason.ORDER_MISMATCH),
                        new Case(
                                "duplicates count (bag, not set)",
                                result(List.of(N), row(d("1")), row(d("1")), row(d("2"))),
                                result(List.of(N), row(d("1")), row(d("2")), row(d("2"))),
                                OrderSpec.UNORDERED,
                                GradeReason.VALUE_MISMATCH,
                                GradeReason.VALUE_MISMATCH),
                        new Case(
                                "duplicate collapsed by DISTINCT",
                                result(List.of(N), row(d("1")), row(d("1"))),
                                result(List.of(N), row(d("1"))),
                                OrderSpec.UNORDERED,
                                GradeReason.ROW_COUNT_MISMATCH,
                                GradeReason.ROW_COUNT_MISMATCH),
                        new Case(
                                "permuted columns match",
                                result(List.of(N, T), row(d("1"), "a"), row(d("2"), "b")),
                                result(List.of(T, N), row("a", d("1")), row("b", d("2"))),
                                OrderSpec.UNORDERED,
                                GradeReason.MATCH,
                                GradeReason.MATCH),
                        new Case(
                                "permuted columns with scrambled pairing must not match",
                                result(List.of(N, T), row(d("1"), "a"), row(d("2"), "b")),
                                result(List.of(T, N), row("a", d("2")), row("b", d("1"))),
                                OrderSpec.UNORDERED,
                                GradeReason.VALUE_MISMATCH,
                                GradeReason.VALUE_MISMATCH),
                        new Case(
                                "same column values, rows paired differently",
                                result(List.of(N, N), row(d("1"), d("10")), row(d("2"), d("20"))),
                                result(List.of(N, N), row(d("1"), d("20")), row(d("2"), d("10"))),
                                OrderSpec.UNORDERED,
                                GradeReason.VALUE_MISMATCH,
                                GradeReason.VALUE_MISMATCH),
                        new Case(
                                "4 equals 4.0 equals 4.00",
                                result(List.of(N), row(d("4"))),
                                result(List.of(N), row(d("4.00"))),
                                OrderSpec.UNORDERED,
                                GradeReason.MATCH,
                                GradeReason.MATCH),
                        new Case(
                                "integer against float of same value",
                                result(List.of(N), row(d("4"))),
                                result(List.of(N), row(4.0d)),
                                OrderSpec.UNORDERED,
                                GradeReason.MATCH,
                                GradeReason.MATCH),
                        new Case(
                                "float within tolerance",
                                result(List.of(N), row(1.0d / 3)),
                                result(List.of(N), row(d("0.333333333333"))),
                                OrderSpec.UNORDERED,
                                GradeReason.MATCH,
                                GradeReason.MATCH),
                        new Case(
                                "rounded value is not within tolerance",
                                result(List.of(N), row(d("3.3333333333"))),
                                result(List.of(N), row(d("3.33"))),
                                OrderSpec.UNORDERED,
                                GradeReason.VALUE_MISMATCH,
                                GradeReason.VALUE_MISMATCH),
                        new Case(
                                "large integers compare exactly",
                                result(List.of(N), row(d("123456789012"))),
                                result(List.of(N), row(d("123456789013"))),
                                OrderSpec.UNORDERED,
                                GradeReason.VALUE_MISMATCH,
                                GradeReason.VALUE_MISMATCH),
                        new Case(
                                "NULL equals NULL",
                                result(List.of(N, T), row(null, "a")),
                                result(List.of(N, T), row(null, "a")),
                                OrderSpec.UNORDERED,
                                GradeReason.MATCH,
                                GradeReason.MATCH),
                        new Case(
                                "NULL is not zero",
                                result(List.of(N), row((Object) null)),
                                result(List.of(N), row(d("0"))),
                                OrderSpec.UNORDERED,
                                GradeReason.VALUE_MISMATCH,
                                GradeReason.VALUE_MISMATCH),
                        new Case(
                                "NULL is not the empty string",
                                result(List.of(T), row((Object) null)),
                                result(List.of(T), row("")),
                                OrderSpec.UNORDERED,
                                GradeReason.VALUE_MISMATCH,
                                GradeReason.VALUE_MISMATCH),
                        new Case(
                                "number is not its text",
                                result(List.of(N), row(d("2024"))),
                                result(List.of(T), row("2024")),
                                OrderSpec.UNORDERED,
                                GradeReason.VALUE_MISMATCH,
                                GradeReason.VALUE_MISMATCH),
                        new Case(
                                "both empty",
                                QueryResult.of(List.of(N), List.of()),
                                QueryResult.of(List.of(N), List.of()),
                                OrderSpec.UNORDERED,
                                GradeReason.MATCH_EMPTY,
                                GradeReason.MATCH_EMPTY),
                        new Case(
                                "empty prediction of non-empty gold",
                                result(List.of(N), row(d("1"))),
                                QueryResult.of(List.of(N), List.of()),
                                OrderSpec.UNORDERED,
                                GradeReason.ROW_COUNT_MISMATCH,
                                GradeReason.ROW_COUNT_MISMATCH),
                        new Case(
                                "extra predicted column: strict no, lenient yes",
                                result(List.of(T), row("a"), row("b")),
                                result(List.of(N, T), row(d("1"), "a"), row(d("2"), "b")),
                                OrderSpec.UNORDERED,
                                GradeReason.COLUMN_COUNT_MISMATCH,
                                GradeReason.MATCH),
                        new Case(
                                "missing predicted column fails both",
                                result(List.of(N, T), row(d("1"), "a")),
                                result(List.of(T), row("a")),
                                OrderSpec.UNORDERED,
                                GradeReason.COLUMN_COUNT_MISMATCH,
                                GradeReason.COLUMN_COUNT_MISMATCH),
                        new Case(
                                "extra column with duplicate rows beside it",
                                result(List.of(T), row("a"), row("a")),
                                result(List.of(T, N), row("a", d("1")), row("a", d("2"))),
                                OrderSpec.UNORDERED,
                                GradeReason.COLUMN_COUNT_MISMATCH,
                                GradeReason.MATCH),
                        new Case(
                                "two equal-valued columns swapped",
                                result(List.of(N, N), row(d("1"), d("1")), row(d("2"), d("3"))),
                                result(List.of(N, N), row(d("1"), d("1")), row(d("3"), d("2"))),
                                OrderSpec.UNORDERED,
                                GradeReason.MATCH,
                                GradeReason.MATCH))
                .map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void grades(Case c) {
        assertThat(comparator.compare(c.gold(), c.pred(), c.order(), false).reason())
                .as("strict")
                .isEqualTo(c.strict());
        assertThat(comparator.compare(c.gold(), c.pred(), c.order(), true).reason())
                .as("lenient")
                .isEqualTo(c.lenient());
    }

    @ParameterizedTest(name = "truncated {0}")
    @MethodSource("truncations")
    void truncatedResultsAreNotCompared(boolean goldTruncated) {
        QueryResult full = QueryResult.of(List.of(N), List.of(row(d("1"))));
        QueryResult cut = new QueryResult(List.of("c1"), List.of(N), List.of(row(d("1"))), true);
        var outcome =
                goldTruncated
                        ? comparator.compare(cut, full, OrderSpec.UNORDERED, false)
                        : comparator.compare(full, cut, OrderSpec.UNORDERED, false);
        assertThat(outcome.reason()).isEqualTo(GradeReason.ROW_CAP_EXCEEDED);
    }

    static Stream<Boolean> truncations() {
        return Stream.of(true, false);
    }

    @org.junit.jupiter.api.Test
    void birdsRowSetsCompareAsSetsWhateverTheirSizeOrOrder() {
        List<ColumnKind> two = List.of(N, T);
        QueryResult gold = result(two, row(d("1"), "a"), row(d("2"), "b"), row(d("2"), "b"));
        // duplicates and order do not count; numbers compare by value, 2.0 as 2
        assertThat(
                        ResultComparator.sameRowSet(
                                gold,
                                result(two, row(2.0d, "b"), row(d("1.00"), "a"), row(2.0d, "b"))))
                .isTrue();
        // a subset, a superset, one row outside the gold's, a NULL in place of a value
        assertThat(ResultComparator.sameRowSet(gold, result(two, row(d("1"), "a")))).isFalse();
        assertThat(
                        ResultComparator.sameRowSet(
                                gold,
                                result(two, row(d("1"), "a"), row(d("2"), "b"), row(d("3"), "c"))))
                .isFalse();
        assertThat(
                        ResultComparator.sameRowSet(
                                gold,
                                result(two, row(d("9"), "z"), row(d("1"), "a"), row(d("2"), "b"))))
                .isFalse();
        assertThat(ResultComparator.sameRowSet(gold, result(two, row(d("1"), "a"), row(null, "b"))))
                .isFalse();
        // two empty results are the same set; an empty and a non-empty one are not
        QueryResult empty = result(two);
        assertThat(ResultComparator.sameRowSet(empty, result(two))).isTrue();
        assertThat(ResultComparator.sameRowSet(empty, gold)).isFalse();
        assertThat(ResultComparator.sameRowSet(gold, empty)).isFalse();
        // NULLs are values like any other
        QueryResult withNull = result(two, row(null, "a"), row(null, "a"));
        assertThat(ResultComparator.sameRowSet(withNull, result(two, row(null, "a")))).isTrue();
    }
}
