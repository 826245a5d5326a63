package dev.sqlexam.jobs.report;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ReportDataTest {

    @Test
    void wilsonIntervalByHand() {
        // k = 8 of n = 10: centre (0.8 + 1.92/10) / 1.384 = 0.7167, half 1.96·sqrt(0.016 +
        // 0.0096)/1.384 = 0.2266
        double[] w = ReportData.wilson(8, 10);
        assertThat(w[0]).isCloseTo(0.4902, within(1e-3));
        assertThat(w[1]).isCloseTo(0.9433, within(1e-3));
        assertThat(ReportData.wilson(0, 0)).containsExactly(0, 0);
        assertThat(ReportData.wilson(0, 20)[0]).isZero();
    }

    @Test
    void aSpiderSetsHeadlineIsSpidersRuleWithItsInterval() throws Exception {
        String variant =
                "{\"variant\": \"%s\", \"per_question\": {\"accuracy\": 0.7, \"standard_error\": 0.05},"
                        + " \"overall\": {\"accuracy\": 0.7%s}}";
        JsonNode summary =
                Json.MAPPER.readTree(
                        "{\"variants\": ["
                                + variant.formatted(
                                        "pred.txt",
                                        ", \"spider_accuracy\": 0.8, \"spider_questions\": 10,"
                                                + " \"spider_accuracy_healthy_golds\": 0.9")
                                + ", "
                                + variant.formatted("erp", "")
                                + "]}");
        JsonNode variants = ReportData.of(summary, List.of(), List.of()).get("variants");

        assertThat(variants.get(0).path("headline").asText()).isEqualTo("EX, Spider's rule");
        assertThat(variants.get(0).path("accuracy").asDouble()).isEqualTo(0.8);
        assertThat(variants.get(0).path("ci_low").asDouble()).isCloseTo(0.4902, within(1e-3));
        assertThat(variants.get(0).path("ex").path("strict").asDouble()).isEqualTo(0.7);
        assertThat(variants.get(1).has("headline")).as("a set of sqlexam's own").isFalse();
        assertThat(variants.get(1).path("accuracy").asDouble()).isEqualTo(0.7);
        assertThat(variants.get(1).path("ci_low").asDouble()).isCloseTo(0.602, within(1e-3));
    }

    @Test
    void quantilesAreNearestRank() {
        List<Long> sorted = List.of(1L, 2L, 3L, 4L, 100L);
        assertThat(ReportData.quantile(sorted, 0.5)).isEqualTo(3L);
        assertThat(ReportData.quantile(sorted, 0.95)).isEqualTo(100L);
        assertThat(ReportData.quantile(sorted, 0)).isEqualTo(1L);
        assertThat(ReportData.quantile(List.of(), 0.5)).isZero();
    }
}
