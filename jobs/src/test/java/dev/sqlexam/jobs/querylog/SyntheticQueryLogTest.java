package dev.sqlexam.jobs.querylog;

import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.querylog.QueryLogParser;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SyntheticQueryLogTest {

    @Test
    void theShippedSampleIsWhatTheGeneratorWritesAndReadsBackWithItsTwoBadLinesRejected()
            throws Exception {
        Path shipped = Home.resolve().resolve("exam-sets/querylog/erp-synthetic.jsonl");
        List<String> generated =
                SyntheticQueryLog.generate(
                        ExamSetFiles.read(Home.resolve().resolve("exam-sets/erp/erp.jsonl"), null)
                                .questions(),
                        2026L);
        assertThat(Files.readAllLines(shipped))
                .as("regenerate it with the command in exam-sets/querylog/README.md")
                .isEqualTo(generated);
        QueryLogParser parser = new QueryLogParser();
        List<QueryLogEvent> events = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < generated.size(); i++) {
            QueryLogParser.Parsed p = parser.parse(shipped.toString(), i + 1, generated.get(i));
            if (p.event() != null) events.add(p.event());
            else reasons.add(p.rejected().reason());
        }
        assertThat(events).hasSize(SyntheticQueryLog.EVENTS);
        assertThat(reasons)
                .hasSize(2)
                .anySatisfy(r -> assertThat(r).contains("invalid JSON"))
                .anySatisfy(r -> assertThat(r).contains("missing field 'sql'"));
        assertThat(events)
                .allSatisfy(e -> assertThat(e.extrasJson()).contains("\"synthetic\":true"));
        assertThat(events.stream().map(QueryLogEvent::sqlstate).filter(s -> s != null).distinct())
                .containsExactlyInAnyOrder("42703", "42601", "57014", "08006", "25006");
        assertThat(events)
                .isSortedAccordingTo(
                        java.util.Comparator.comparingLong(QueryLogEvent::eventTimeMs));
        assertThat(events.stream().filter(e -> e.goldSql() != null).count()).isBetween(250L, 350L);
    }
}
