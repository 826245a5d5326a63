package dev.sqlexam.bench;

import dev.sqlexam.bench.ThroughputReport.Row;
import dev.sqlexam.bench.ThroughputReport.Verdict;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class TestSuiteTimeRowTest {

    @TempDir Path state;

    private Row last(String... lines) throws Exception {
        Files.createDirectories(state.resolve("logs"));
        Files.writeString(state.resolve("logs/test-times.tsv"), String.join("\n", lines) + "\n");
        return TestSuiteTimeRow.of(state);
    }

    @Test
    void aRunOverItsWorkRoomSaysSoWithTheRatio() throws Exception {
        Row row =
                last(
                        "2026-11-29T05:48:57Z\tabc\t1046\t0\tyes",
                        "2026-11-30T10:00:00Z\tdef\t852\t0\tyes\t1431\t2");
        assertThat(row.figure()).isEqualTo("14:12 min (passed)");
        assertThat(row.verdict()).isEqualTo(Verdict.NOT_MET);
        assertThat(row.limit())
                .contains("commit def")
                .contains("2 cores did 1431 s of work meanwhile (84% busy)")
                .contains("hold 960 s at 100% busy")
                .contains("1.49× that room");
    }

    @Test
    void aRunWithinTheTargetIsMetAndClaimsNoBound() throws Exception {
        Row row = last("2026-11-30T10:00:00Z\tdef\t470\t0\tno\t700\t2");
        assertThat(row.verdict()).isEqualTo(Verdict.MET);
        assertThat(row.limit()).contains("did 700 s of work").doesNotContain("that room");
    }

    @Test
    void linesOfEarlierScriptsAndRunsWithoutProcStatGiveNoWorkFigure() throws Exception {
        assertThat(last("2026-11-29T05:48:57Z\tabc\t1046\t0\tyes").limit()).doesNotContain("work");
        assertThat(last("2026-11-29T05:48:57Z\tabc\t1046\t0\tyes\t\t2").limit())
                .doesNotContain("work");
    }

    @Test
    void aFailedRunIsNotMetWhateverItsTime() throws Exception {
        Row row = last("2026-11-30T10:00:00Z\tdef\t300\t1\tno\t500\t2");
        assertThat(row.figure()).isEqualTo("5:00 min (exit 1)");
        assertThat(row.verdict()).isEqualTo(Verdict.NOT_MET);
    }
}
