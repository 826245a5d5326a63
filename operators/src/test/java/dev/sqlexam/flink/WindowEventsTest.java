package dev.sqlexam.flink;

import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.WindowRow;
import dev.sqlexam.watch.WindowMetrics;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.streaming.runtime.operators.windowing.WindowOperatorBuilder;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.util.OutputTag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The watch's windows as the job wires them (tumbling event-time windows of one minute, 30 s
 * allowed lateness, late events to a side output) around {@link WindowEvents.Aggregate} and {@link
 * WindowEvents.Rows}: a row per window and key, updated by a late event within the lateness, the
 * window's state restored from a snapshot.
 */
class WindowEventsTest {

    private static final long SECOND = 1_000;
    private static final OutputTag<WindowEvents.Keyed> LATE = new OutputTag<>("late") {};

    @Test
    void aWindowIsARowPerKeyAndALateEventWithinTheLatenessUpdatesIt() throws Exception {
        try (var h = harness()) {
            h.open();
            h.processElement(keyed(10 * SECOND, "ok"), 10 * SECOND);
            h.processElement(keyed(20 * SECOND, "sql_error"), 20 * SECOND);
            h.processWatermark(new Watermark(61 * SECOND));

            assertThat(rows(h))
                    .singleElement()
                    .satisfies(
                            r -> {
                                assertThat(r.events()).isEqualTo(2);
                                assertThat(r.errorRate()).isEqualTo(0.5);
                                assertThat(r.keyKind()).isEqualTo("app");
                                assertThat(r.key()).isEqualTo("shop");
                                assertThat(r.windowStartMs()).isZero();
                                assertThat(r.windowEndMs()).isEqualTo(60 * SECOND);
                            });

            h.processElement(keyed(30 * SECOND, "ok"), 30 * SECOND);
            assertThat(rows(h))
                    .as("within the lateness the window fires again, updated")
                    .last()
                    .satisfies(r -> assertThat(r.events()).isEqualTo(3));

            h.processWatermark(new Watermark(100 * SECOND));
            h.processElement(keyed(40 * SECOND, "ok"), 40 * SECOND);
            assertThat(h.getSideOutput(LATE)).as("past the lateness: late, not lost").hasSize(1);
        }
    }

    @Test
    void anOpenWindowSurvivesARestore() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h = harness()) {
            h.open();
            h.processElement(keyed(10 * SECOND, "ok"), 10 * SECOND);
            snapshot = h.snapshot(1, 1);
        }
        try (var restored = harness()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(keyed(20 * SECOND, "ok"), 20 * SECOND);
            restored.processWatermark(new Watermark(61 * SECOND));

            assertThat(rows(restored))
                    .singleElement()
                    .satisfies(r -> assertThat(r.events()).isEqualTo(2));
        }
    }

    private static List<WindowRow> rows(
            KeyedOneInputStreamOperatorTestHarness<String, WindowEvents.Keyed, WindowRow> h) {
        return h.extractOutputValues();
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, WindowEvents.Keyed, WindowRow>
            harness() throws Exception {
        WindowOperatorBuilder<WindowEvents.Keyed, String, TimeWindow> builder =
                new WindowOperatorBuilder<>(
                        TumblingEventTimeWindows.of(Duration.ofMinutes(1)),
                        EventTimeTrigger.create(),
                        new ExecutionConfig(),
                        TypeInformation.of(WindowEvents.Keyed.class),
                        WindowEvents.Keyed::id,
                        Types.STRING);
        builder.allowedLateness(Duration.ofSeconds(30));
        builder.sideOutputLateData(LATE);
        OneInputStreamOperator<WindowEvents.Keyed, WindowRow> operator =
                builder.aggregate(
                        new WindowEvents.Aggregate(),
                        new WindowEvents.Rows(),
                        TypeInformation.of(WindowMetrics.class));
        return new KeyedOneInputStreamOperatorTestHarness<>(
                operator, WindowEvents.Keyed::id, Types.STRING);
    }

    private static WindowEvents.Keyed keyed(long tsMs, String outcome) {
        EventEvaluation e =
                new EventEvaluation(
                        new EventEvaluation.Origin(
                                tsMs,
                                "shop",
                                "erp",
                                "v1",
                                null,
                                "log.jsonl",
                                tsMs,
                                "How many?",
                                "SELECT 1"),
                        EventEvaluation.Checks.none(),
                        new EventEvaluation.Outcome(outcome, null, 100L, 1L, null),
                        EventEvaluation.Grade.none(),
                        0,
                        null);
        return new WindowEvents.Keyed("app", "shop", e, null);
    }
}
