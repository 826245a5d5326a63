package dev.sqlexam.grading;

import dev.sqlexam.sql.ResultValues;
import dev.sqlexam.sql.SqliteQueries;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Rows compared as Python compares sqlite3's tuples; the expected values are Python's. */
class PythonRowsTest {

    private static Object i(long n) {
        return ResultValues.canonicalInteger(n);
    }

    @SafeVarargs
    private static List<List<Object>> rows(List<Object>... rows) {
        return List.of(rows);
    }

    private static List<Object> row(Object... values) {
        return new ArrayList<>(Arrays.asList(values));
    }

    @Test
    void anIntegerEqualsTheFloatOfItsValueButNotItsText() {
        assertThat(PythonRows.resultEq(rows(row(i(1))), rows(row(1.0)), false)).isTrue();
        assertThat(PythonRows.resultEq(rows(row(i(1))), rows(row("1")), false)).isFalse();
        assertThat(PythonRows.resultEq(rows(row(0.30000000000000004)), rows(row(0.3)), false))
                .isFalse();
        assertThat(PythonRows.resultEq(rows(row((Object) null)), rows(row((Object) null)), false))
                .isTrue();
        assertThat(PythonRows.resultEq(rows(row("")), rows(row((Object) null)), false)).isFalse();
        assertThat(
                        PythonRows.resultEq(
                                rows(row(new SqliteQueries.Blob("6162"))), rows(row("ab")), false))
                .isFalse();
    }

    @Test
    void twoEmptyResultsAreEqualWhateverTheirColumns() {
        assertThat(PythonRows.resultEq(List.of(), List.of(), true)).isTrue();
        assertThat(PythonRows.resultEq(List.of(), rows(row(i(1))), false)).isFalse();
    }

    @Test
    void columnsMayBePermutedAndRowsComparedAsABag() {
        var gold = rows(row(i(1), "a"), row(i(2), "b"), row(i(2), "b"));
        assertThat(
                        PythonRows.resultEq(
                                gold, rows(row("b", i(2)), row("a", i(1)), row("b", i(2))), false))
                .isTrue();
        // the same set, another bag
        assertThat(
                        PythonRows.resultEq(
                                gold, rows(row("a", i(1)), row("a", i(1)), row("b", i(2))), false))
                .isFalse();
        // order compared when it matters
        assertThat(
                        PythonRows.resultEq(
                                gold, rows(row("b", i(2)), row("a", i(1)), row("b", i(2))), true))
                .isFalse();
        assertThat(
                        PythonRows.resultEq(
                                gold, rows(row("a", i(1)), row("b", i(2)), row("b", i(2))), true))
                .isTrue();
    }

    @Test
    void aPermutationMustHoldForEveryRowAtOnce() {
        // each row alone matches some permutation, no single permutation matches all
        var gold = rows(row(i(1), i(2), i(3)), row(i(4), i(5), i(6)));
        assertThat(
                        PythonRows.resultEq(
                                gold, rows(row(i(2), i(1), i(3)), row(i(4), i(6), i(5))), false))
                .isFalse();
        var wide =
                rows(
                        row(i(1), i(1), i(2), i(2), i(3), i(3)),
                        row(i(4), i(4), i(5), i(5), i(6), i(6)));
        assertThat(
                        PythonRows.resultEq(
                                wide,
                                rows(
                                        row(i(3), i(2), i(1), i(3), i(2), i(1)),
                                        row(i(6), i(5), i(4), i(6), i(5), i(4))),
                                false))
                .isTrue();
    }

    @Test
    void birdComparesSetsOfRowsWithoutPermutingColumns() {
        assertThat(PythonRows.sameSet(rows(row(i(1)), row(i(1))), rows(row(1.0)))).isTrue();
        assertThat(PythonRows.sameSet(rows(row("a", i(1))), rows(row(i(1), "a")))).isFalse();
        assertThat(PythonRows.sameSet(List.of(), List.of())).isTrue();
    }

    @ParameterizedTest
    @CsvSource({
        "1.0, 1.0",
        "0.1, 0.1",
        "1e16, 1e+16",
        "1234567890123456.0, 1234567890123456.0",
        "0.0001, 0.0001",
        "0.00001, 1e-05",
        "2.5e-7, 2.5e-07",
        "-0.0, -0.0",
        "3.0e20, 3e+20",
        "0.30000000000000004, 0.30000000000000004",
        "100.0, 100.0",
        "1.5e16, 1.5e+16",
        "9999999999999998.0, 9999999999999998.0"
    })
    void floatsPrintAsPythonsRepr(double value, String python) {
        assertThat(PythonRows.floatRepr(value)).isEqualTo(python);
    }
}
