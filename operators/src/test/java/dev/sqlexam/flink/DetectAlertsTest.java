package dev.sqlexam.flink;

import dev.sqlexam.model.Alert;
import dev.sqlexam.model.WindowRow;
import dev.sqlexam.watch.AlertRule;
import dev.sqlexam.watch.AlertRules;

import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The alert operator's keyed state: an alert raised once per window, the baseline kept across a
 * restore, old rows pruned.
 */
class DetectAlertsTest {

    private static final long MINUTE = 60_000;
    private static final String KEY = "app|shop";
    private static final AlertRule BLOCKED =
            new AlertRule("blocked", "blocked", Set.of("app"), 0.0, null, null, 1);
    private static final AlertRule DOUBLED =
            new AlertRule(
                    "doubled",
                    "error_rate",
                    Set.of(),
                    null,
                    null,
                    new AlertRule.Drift(2.0, 60 * MINUTE, 3, 0.05, null),
                    10);

    @Test
    void aWindowUpdatedByLateEventsRaisesItsAlertOnce() throws Exception {
        try (var h = harness(BLOCKED)) {
            h.open();
            h.processElement(row(5, 30, 0.1, 1), 0);
            h.processElement(row(5, 31, 0.1, 2), 0);
            h.processElement(row(6, 30, 0.1, 1), 0);

            assertThat(h.extractOutputValues())
                    .extracting(Alert::windowStartMs)
                    .containsExactly(5 * MINUTE, 6 * MINUTE);
        }
    }

    @Test
    void theBaselineIsTheKeysEarlierRowsAndSurvivesARestore() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h = harness(DOUBLED)) {
            h.open();
            for (int m = 0; m < 5; m++) h.processElement(row(m, 40, 0.10, 0), 0);
            snapshot = h.snapshot(1, 1);
        }
        try (var restored = harness(DOUBLED)) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(row(6, 40, 0.25, 0), 0);

            assertThat(restored.extractOutputValues())
                    .singleElement()
                    .satisfies(a -> assertThat(a.baseline()).isCloseTo(0.10, within(1e-9)));
        }
        try (var fresh = harness(DOUBLED)) {
            fresh.open();
            fresh.processElement(row(6, 40, 0.25, 0), 0);
            assertThat(fresh.extractOutputValues())
                    .as("without the restored rows there is no baseline")
                    .isEmpty();
        }
    }

    @Test
    void rowsAndRaisedAlertsOlderThanTheLongestBaselineAreForgotten() throws Exception {
        try (var h = harness(BLOCKED, DOUBLED)) {
            h.open();
            for (int m = 0; m < 5; m++) h.processElement(row(m, 40, 0.10, 1), 0);
            assertThat(earlierWindows(h)).hasSize(5);

            h.processElement(row(300, 40, 0.10, 0), 0);

            assertThat(earlierWindows(h))
                    .as("only the last row is within 60 minutes of itself")
                    .containsExactly(300 * MINUTE);
            h.processElement(row(4, 40, 0.10, 1), 0);
            assertThat(h.extractOutputValues())
                    .as("a forgotten window's alert is raised again")
                    .hasSize(6);
        }
    }

    private static List<Long> earlierWindows(
            KeyedOneInputStreamOperatorTestHarness<String, WindowRow, Alert> h) throws Exception {
        h.getOperator().setCurrentKey(KEY);
        MapState<Long, WindowRow> state =
                h.getOperator()
                        .getKeyedStateBackend()
                        .getPartitionedState(
                                VoidNamespace.INSTANCE,
                                VoidNamespaceSerializer.INSTANCE,
                                new MapStateDescriptor<>(
                                        "earlier-windows",
                                        Types.LONG,
                                        TypeInformation.of(WindowRow.class)));
        List<Long> out = new ArrayList<>();
        state.keys().forEach(out::add);
        out.sort(null);
        return out;
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, WindowRow, Alert> harness(
            AlertRule... rules) throws Exception {
        return new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(new DetectAlerts(new AlertRules(List.of(rules)))),
                r -> r.keyKind() + "|" + r.key(),
                Types.STRING);
    }

    private static WindowRow row(long minute, long events, double errorRate, long blocked) {
        return new WindowRow(
                minute * MINUTE,
                (minute + 1) * MINUTE,
                "app",
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
                blocked,
                0,
                0,
                0,
                null,
                0,
                null,
                0);
    }
}
