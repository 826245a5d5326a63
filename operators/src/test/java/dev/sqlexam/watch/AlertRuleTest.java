package dev.sqlexam.watch;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.Alert;
import dev.sqlexam.model.WindowRow;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class AlertRuleTest {

    private static final long MINUTE = 60_000;

    static WindowRow row(long minute, String kind, long events, double errorRate, Long blocked) {
        return new WindowRow(
                minute * MINUTE,
                (minute + 1) * MINUTE,
                kind,
                "shop",
                events,
                errorRate,
                Map.of("ok", 1 - errorRate),
                List.of(),
                900.0,
                1800.0,
                0,
                0,
                0,
                null,
                blocked == null ? 0 : blocked,
                0,
                0,
                0,
                null,
                0,
                null,
                0);
    }

    private static AlertRule drift(double factor, Double maxP) {
        return new AlertRule(
                "doubled",
                "error_rate",
                Set.of(),
                null,
                null,
                new AlertRule.Drift(factor, 60 * MINUTE, 3, 0.05, maxP),
                10);
    }

    @Test
    void aThresholdFiresAboveItAndNotOnSmallWindowsOrOtherKeyKinds() {
        AlertRule rule = new AlertRule("blocked", "blocked", Set.of("app"), 0.0, null, null, 1);
        assertThat(rule.check(row(5, "app", 30, 0.1, 1L), List.of()))
                .get()
                .satisfies(
                        a -> assertThat(a.message()).contains("blocked = 1 (above 0) in app shop"));
        assertThat(rule.check(row(5, "app", 30, 0.1, 0L), List.of())).isEmpty();
        assertThat(rule.check(row(5, "app_db", 30, 0.1, 2L), List.of()))
                .as("only app keys")
                .isEmpty();
        AlertRule accuracy =
                new AlertRule("ex", "execution_accuracy", Set.of(), null, 0.5, null, 1);
        assertThat(accuracy.check(row(5, "app", 30, 0.1, 0L), List.of()))
                .as("nothing graded: no value, no alert")
                .isEmpty();
    }

    @Test
    void driftComparesWithTheMeanOfTheTrailingWindowsOnly() {
        List<WindowRow> before = new ArrayList<>();
        for (int m = 0; m < 5; m++) before.add(row(m, "app", 40, 0.10, 0L));
        before.add(row(-120, "app", 40, 0.90, 0L));
        before.add(row(9, "app", 40, 0.90, 0L));
        Alert alert = drift(2.0, null).check(row(6, "app", 40, 0.25, 0L), before).orElseThrow();
        assertThat(alert.baseline())
                .as("windows two hours back and later windows are not in the baseline")
                .isCloseTo(0.10, within(1e-9));
        assertThat(alert.threshold()).isCloseTo(0.20, within(1e-9));
        assertThat(alert.value()).isEqualTo(0.25);
        assertThat(drift(2.0, null).check(row(6, "app", 40, 0.19, 0L), before)).isEmpty();
        assertThat(drift(2.0, null).check(row(6, "app", 40, 0.25, 0L), before.subList(0, 2)))
                .as("too few baseline windows")
                .isEmpty();
        assertThat(drift(2.0, null).check(row(6, "app", 9, 0.9, 0L), before))
                .as("too few events")
                .isEmpty();
        AlertRule falling =
                new AlertRule(
                        "halved",
                        "error_rate",
                        Set.of(),
                        null,
                        null,
                        new AlertRule.Drift(0.5, 60 * MINUTE, 3, 0.0, null),
                        10);
        assertThat(falling.check(row(6, "app", 40, 0.04, 0L), before)).isPresent();
        assertThat(falling.check(row(6, "app", 40, 0.06, 0L), before)).isEmpty();
    }

    @Test
    void aSignificanceLimitKeepsSmallWindowNoiseQuiet() {
        List<WindowRow> before = new ArrayList<>();
        for (int m = 0; m < 10; m++) before.add(row(m, "app", 14, 0.17, 0L));
        assertThat(drift(2.0, null).check(row(10, "app", 14, 5 / 14.0, 0L), before))
                .as("doubled, by chance")
                .isPresent();
        assertThat(drift(2.0, 0.01).check(row(10, "app", 14, 5 / 14.0, 0L), before)).isEmpty();
        assertThat(drift(2.0, 0.01).check(row(10, "app", 14, 8 / 14.0, 0L), before))
                .get()
                .satisfies(a -> assertThat(a.message()).contains("binomial p ="));
        assertThat(Binomial.tail(10, 8, 0.5, true)).isCloseTo(56 / 1024.0, within(1e-12));
        assertThat(Binomial.tail(10, 2, 0.5, false)).isCloseTo(56 / 1024.0, within(1e-12));
        assertThat(Binomial.tail(100_000, 60_000, 0.5, true))
                .isGreaterThanOrEqualTo(0)
                .isLessThan(1e-100);
    }

    @Test
    void theRuleFileIsCheckedFieldByField() throws Exception {
        JsonNode good =
                Json.MAPPER.readTree(
                        """
                {"rules": [{"name": "p95", "metric": "latency_p95_ms", "drift": 2, "baseline": "1h", "keys": ["app", "app_prompt"]},
                           {"name": "timeouts", "metric": "rate.query_timeout", "above": 0.2}]}""");
        AlertRules rules = AlertRules.from(good, "alerts.yaml");
        assertThat(rules.rules()).hasSize(2);
        assertThat(rules.longestBaselineMs()).isEqualTo(3_600_000);
        assertThat(rules.rules().get(1).check(row(1, "app", 10, 0.3, 0L), List.of()))
                .as("no timeouts in the row")
                .isEmpty();
        assertThatThrownBy(
                        () ->
                                AlertRules.from(
                                        Json.MAPPER.readTree(
                                                "{\"rules\": [{\"name\": \"x\", \"metric\": \"error_rate\", \"abov\": 1}]}"),
                                        "a.yaml"))
                .hasMessageContaining("a.yaml, rule 1: unknown field 'abov'");
        assertThatThrownBy(
                        () ->
                                AlertRules.from(
                                        Json.MAPPER.readTree(
                                                "{\"rules\": [{\"name\": \"x\", \"metric\": \"errors\", \"above\": 1}]}"),
                                        "a.yaml"))
                .hasMessageContaining("unknown metric 'errors'");
        assertThatThrownBy(
                        () ->
                                AlertRules.from(
                                        Json.MAPPER.readTree(
                                                "{\"rules\": [{\"name\": \"x\", \"metric\": \"error_rate\", \"drift\": 2}]}"),
                                        "a.yaml"))
                .hasMessageContaining("needs a baseline period");
        assertThat(AlertRules.durationMs("90s")).isEqualTo(90_000);
        assertThat(AlertRules.durationMs("1.5h")).isEqualTo(5_400_000);
        assertThatThrownBy(() -> AlertRules.durationMs("soon"))
                .hasMessageContaining("not a duration");
    }
}
