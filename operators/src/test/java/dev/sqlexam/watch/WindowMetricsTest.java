package dev.sqlexam.watch;

import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.TableRecall;
import dev.sqlexam.model.WindowRow;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class WindowMetricsTest {

    private static EventEvaluation evaluation(int i) {
        String outcome =
                i % 10 == 0
                        ? "sql_error"
                        : i % 25 == 0 ? "query_timeout" : i % 7 == 0 ? "empty_result" : "ok";
        String sqlstate =
                outcome.equals("sql_error")
                        ? (i % 20 == 0 ? "42601" : "42703")
                        : outcome.equals("query_timeout") ? "57014" : null;
        Boolean correct = i % 4 == 0 ? Boolean.valueOf(i % 8 == 0) : null;
        return new EventEvaluation(
                new EventEvaluation.Origin(i, "app", "erp", "v1", null, "log", i, "q", "SELECT 1"),
                new EventEvaluation.Checks(
                        false, null, i % 5 == 0 ? List.of("L1") : List.of(), null),
                new EventEvaluation.Outcome(
                        outcome, sqlstate, (long) i, null, i % 9 == 0 ? "down" : null),
                new EventEvaluation.Grade(correct, null, null),
                0,
                i % 3 == 0
                        ? new TableRecall(i % 6 == 0 ? 1.0 : 0.5, List.of(), 4, "rag_v1", null)
                        : null);
    }

    @Test
    void countsRatesAndSketchedPercentiles() {
        WindowMetrics all = new WindowMetrics();
        for (int i = 1; i <= 100; i++) all.add(evaluation(i));
        WindowRow row = all.row(0, 60_000, "app", "app");
        assertThat(row.events()).isEqualTo(100);
        assertThat(row.outcomeRates().get("sql_error")).isEqualTo(0.10);
        assertThat(row.outcomeRates().get("query_timeout")).isEqualTo(0.02);
        assertThat(row.topSqlstates())
                .as("by count, ties by code")
                .containsExactly(
                        new WindowRow.SqlstateCount("42601", 5L),
                        new WindowRow.SqlstateCount("42703", 5L),
                        new WindowRow.SqlstateCount("57014", 2L));
        assertThat(row.latencyP50Ms()).isCloseTo(50.5, within(1.5));
        assertThat(row.latencyP95Ms()).isCloseTo(95.5, within(1.5));
        assertThat(row.lintWarningRate()).isEqualTo(0.20);
        assertThat(row.graded()).isEqualTo(25);
        assertThat(row.executionAccuracy()).isEqualTo(12.0 / 25);
        assertThat(row.feedbackDown()).isEqualTo(11);
        assertThat(row.errorRate())
                .as("sql_error and query_timeout, not empty results")
                .isEqualTo(0.12);
        assertThat(row.retrievalChecked()).isEqualTo(33);
        assertThat(row.retrievalRecall()).isCloseTo((16 * 1.0 + 17 * 0.5) / 33, within(1e-12));
    }

    @Test
    void twoHalvesMergeIntoTheWhole() {
        WindowMetrics whole = new WindowMetrics(), a = new WindowMetrics(), b = new WindowMetrics();
        for (int i = 1; i <= 100; i++) {
            whole.add(evaluation(i));
            (i % 2 == 0 ? a : b).add(evaluation(i));
        }
        WindowRow merged = a.merge(b).row(0, 1, "app", "app");
        WindowRow direct = whole.row(0, 1, "app", "app");
        assertThat(merged.events()).isEqualTo(direct.events());
        assertThat(merged.outcomeRates()).isEqualTo(direct.outcomeRates());
        assertThat(merged.topSqlstates()).isEqualTo(direct.topSqlstates());
        assertThat(merged.latencyP95Ms()).isCloseTo(direct.latencyP95Ms(), within(1.5));
        assertThat(merged.executionAccuracy()).isEqualTo(direct.executionAccuracy());
    }

    @Test
    void aWindowWithoutLatenciesOrGoldSaysSo() {
        WindowRow row = new WindowMetrics().row(0, 1, "app", "x");
        assertThat(row.latencyP50Ms()).isNull();
        assertThat(row.executionAccuracy()).isNull();
    }
}
