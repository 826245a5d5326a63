package dev.sqlexam.sql;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LimitTieProbeTest {

    @Test
    void addsHiddenOrderKeysAndOneMoreRow() {
        LimitTieProbe.Probe probe =
                LimitTieProbe.of("SELECT name FROM t ORDER BY score DESC, id LIMIT 5")
                        .orElseThrow();
        assertThat(probe.limit()).isEqualTo(5);
        assertThat(probe.sql())
                .contains("LIMIT 6")
                .contains(LimitTieProbe.KEY_PREFIX + "0")
                .contains(LimitTieProbe.KEY_PREFIX + "1");
        assertThat(probe.keyColumns()).containsExactly(1, 2);
    }

    @Test
    void usesOutputColumnsForAliasesAndPositions() {
        LimitTieProbe.Probe probe =
                LimitTieProbe.of(
                                "SELECT name, SUM(x) AS total FROM t GROUP BY name ORDER BY total DESC, 1 LIMIT 3")
                        .orElseThrow();
        assertThat(probe.keyColumns()).containsExactly(1, 0);
        assertThat(probe.sql()).doesNotContain(LimitTieProbe.KEY_PREFIX);
    }

    @Test
    void onlyQueriesWithOrderByAndLimitAreProbed() {
        assertThat(LimitTieProbe.of("SELECT a FROM t LIMIT 3")).isEmpty();
        assertThat(LimitTieProbe.of("SELECT a FROM t ORDER BY a")).isEmpty();
        assertThat(LimitTieProbe.of("SELECT DISTINCT a FROM t ORDER BY b LIMIT 3")).isEmpty();
    }

    @Test
    void detectsATieAtTheCut() {
        LimitTieProbe.Probe probe = new LimitTieProbe.Probe("", 2, List.of(1));
        QueryResult tied =
                QueryResult.of(
                        List.of(ColumnKind.TEXT, ColumnKind.NUMBER),
                        List.of(row("a", 9), row("b", 5), row("c", 5)));
        QueryResult clean =
                QueryResult.of(
                        List.of(ColumnKind.TEXT, ColumnKind.NUMBER),
                        List.of(row("a", 9), row("b", 5), row("c", 4)));
        assertThat(LimitTieProbe.tieAtLimit(probe, tied, java.util.Objects::equals)).isTrue();
        assertThat(LimitTieProbe.tieAtLimit(probe, clean, java.util.Objects::equals)).isFalse();
    }

    private static List<Object> row(String s, long n) {
        return new ArrayList<>(List.of(s, BigDecimal.valueOf(n)));
    }
}
