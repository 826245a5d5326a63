package dev.sqlexam.flink;

import dev.sqlexam.report.SummaryAccumulator;

import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

import static dev.sqlexam.report.Records.graded;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The summary operator: every record folded in, the fold kept in operator state across a restore,
 * emitted once at the end.
 */
class SummaryOperatorTest {

    @Test
    void whatWasCountedBeforeARestoreIsInTheSummaryAtTheEnd() throws Exception {
        OperatorSubtaskState snapshot;
        try (var h =
                new OneInputStreamOperatorTestHarness<SerializedRecord, SummaryAccumulator>(
                        new SummaryOperator())) {
            h.open();
            h.processElement(SerializedRecord.of(graded("v", 1, "erp", "q1", true)), 0);
            h.processElement(SerializedRecord.of(graded("v", 1, "erp", "q2", false)), 0);
            snapshot = h.snapshot(1, 1);
            h.processElement(SerializedRecord.of(graded("v", 1, "erp", "q3", true)), 0);
            assertThat(h.extractOutputValues()).as("nothing before the input ends").isEmpty();
        }
        try (var restored =
                new OneInputStreamOperatorTestHarness<SerializedRecord, SummaryAccumulator>(
                        new SummaryOperator())) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(SerializedRecord.of(graded("v", 1, "erp", "q3", true)), 0);
            restored.endInput();

            assertThat(restored.extractOutputValues())
                    .singleElement()
                    .satisfies(
                            summary -> {
                                assertThat(summary.records())
                                        .as(
                                                "q1 and q2 from the snapshot, q3 after the restore, none twice")
                                        .isEqualTo(3);
                                assertThat(summary.outcomes().perQuestion("v").questions())
                                        .isEqualTo(3);
                                assertThat(summary.outcomes().perQuestion("v").accuracy())
                                        .isEqualTo(2.0 / 3);
                            });
        }
    }
}
