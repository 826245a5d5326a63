package dev.sqlexam.report;

import dev.sqlexam.model.ExamRecord;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The CI gate on hand-counted columns: 7 of 10 right, and 10 of 10 with an infrastructure failure.
 */
class ResultGateTest {

    private static ExamSummary summary() {
        List<ExamRecord> records = new ArrayList<>();
        for (int q = 0; q < 10; q++) records.add(Records.graded("seven", 1, "db", "q" + q, q < 7));
        for (int q = 0; q < 10; q++) records.add(Records.graded("all", 1, "db", "q" + q, true));
        records.add(Records.infraFailure("all", 1, "db", "q10"));
        return ExamSummary.of(
                SummaryAccumulator.of(records),
                new ExamSummary.Context(
                        "run-1",
                        "set",
                        new ExamSummary.Authors("predictions", "files", false),
                        0,
                        0,
                        ExamSummary.CacheCounts.NONE,
                        List.of(),
                        null));
    }

    private static ExamSummary.VariantSummary column(String name) {
        return summary().variants().stream()
                .filter(v -> v.variant().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aThresholdIsAFractionOrAPercentageOfANamedMetric() {
        assertThat(ResultGate.Threshold.parse("ex=0.7"))
                .isEqualTo(new ResultGate.Threshold("ex", 0.7));
        assertThat(ResultGate.Threshold.parse("EX=70%"))
                .isEqualTo(new ResultGate.Threshold("ex", 0.7));
        assertThat(ResultGate.Threshold.parse("strict_ex=1"))
                .isEqualTo(new ResultGate.Threshold("ex", 1.0));
        assertThatThrownBy(() -> ResultGate.Threshold.parse("ex=70"))
                .hasMessageContaining("not a fraction in [0, 1]");
        assertThatThrownBy(() -> ResultGate.Threshold.parse("ex"))
                .hasMessageContaining("METRIC=VALUE");
        assertThatThrownBy(() -> ResultGate.Threshold.parse("accuracyy=0.5"))
                .hasMessageContaining("no metric 'accuracyy'");
        assertThatThrownBy(() -> ResultGate.Threshold.parse("ex=high"))
                .hasMessageContaining("not a number");
    }

    @Test
    void aColumnExactlyAtItsThresholdPassesAndOneBelowFails() {
        var seven = column("seven");
        assertThat(ResultGate.metrics(seven)).containsEntry("ex", 0.7);
        assertThat(ResultGate.shortfalls(seven, List.of(ResultGate.Threshold.parse("ex=0.7"))))
                .isEmpty();
        assertThat(ResultGate.shortfalls(seven, List.of(ResultGate.Threshold.parse("ex=71%"))))
                .singleElement()
                .satisfies(s -> assertThat(s.describe()).isEqualTo("ex 70.0% is under 71.0%"));
    }

    @Test
    void anInfrastructureFailureIsNotCountedAgainstTheColumn() {
        assertThat(ResultGate.metrics(column("all"))).containsEntry("ex", 1.0);
    }

    @Test
    void aMetricTheRunDidNotMeasureFailsTheGate() {
        var seven = column("seven");
        assertThat(ResultGate.metrics(seven)).doesNotContainKeys("spider_ex", "spider_ts");
        assertThat(ResultGate.shortfalls(seven, List.of(ResultGate.Threshold.parse("spider_ex=0"))))
                .singleElement()
                .satisfies(
                        s -> {
                            assertThat(s.value()).isNull();
                            assertThat(s.describe()).contains("not measured");
                        });
    }

    @Test
    void theResultLineCarriesTheMetricsAnIntervalAndTheVerdict() {
        Map<String, Object> line =
                ResultGate.resultLine(
                        "run-1",
                        "runs/run-1",
                        column("seven"),
                        List.of(ResultGate.Threshold.parse("ex=0.8")));
        assertThat(line)
                .containsEntry("run_id", "run-1")
                .containsEntry("column", "seven")
                .containsEntry("questions", 10L);
        @SuppressWarnings("unchecked")
        List<Double> ci = (List<Double>) line.get("ex_ci95");
        // one database: the plain standard error, the sample's: sqrt(0.7 * 0.3 / 9) = 0.1528
        assertThat(ci.get(0)).isBetween(0.400, 0.401);
        assertThat(ci.get(1)).isBetween(0.999, 1.0);
        @SuppressWarnings("unchecked")
        Map<String, Object> gate = (Map<String, Object>) line.get("gate");
        assertThat(gate).containsEntry("passed", false);
        assertThat(ResultGate.resultLine("run-1", "d", column("seven"), List.of()))
                .doesNotContainKey("gate");
    }
}
