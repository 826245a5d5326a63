package dev.sqlexam.model;

import dev.sqlexam.json.Json;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The exam log's line format, pinned: real lines (a pipeline answer with its candidates, retrieval,
 * generation and evaluation; a shadow record with its event's extras; a missing prediction; a
 * prediction that failed with a SQLSTATE) read into {@link ExamRecord} and written back are the
 * same text, field by field and in the same order. A change to the record that renames, drops or
 * moves a field fails here before it reaches a user's tools. Lines written before the record had
 * named parts (the same fields in another order) still read into the same record.
 */
class ExamLogGoldenTest {

    @Test
    void everyGoldenLineIsWrittenBackAsItWasRead() throws IOException {
        List<String> lines = golden();
        assertThat(lines).hasSize(4);
        for (String line : lines) {
            ExamRecord record = Json.MAPPER.readValue(line, ExamRecord.class);
            assertThat(Json.write(record)).isEqualTo(line);
        }
    }

    @Test
    void linesWrittenBeforeTheRecordHadPartsReadIntoTheSameRecord() throws IOException {
        List<String> before = lines("/golden/exam-log-before-parts.jsonl");
        List<String> now = golden();
        assertThat(before).hasSameSizeAs(now);
        for (int i = 0; i < before.size(); i++) {
            ExamRecord record = Json.MAPPER.readValue(before.get(i), ExamRecord.class);
            assertThat(Json.write(record)).as("line %d", i + 1).isEqualTo(now.get(i));
            assertThat(Json.MAPPER.readTree(before.get(i)))
                    .isEqualTo(Json.MAPPER.readTree(now.get(i)));
        }
    }

    @Test
    void theGoldenLinesShowTheFieldsThatAreOftenLeftOut() throws IOException {
        Set<String> seen = new TreeSet<>();
        for (String line : golden())
            Json.MAPPER.readTree(line).fieldNames().forEachRemaining(seen::add);
        Set<String> missing =
                new TreeSet<>(
                        List.of(
                                "candidate_correct",
                                "error",
                                "error_class",
                                "extras",
                                "sqlstate",
                                "evaluation",
                                "generation",
                                "retrieval",
                                "gold_executed",
                                "matched_gold",
                                "bird_correct"));
        missing.removeAll(seen);
        assertThat(missing).as("fields no golden line shows").isEmpty();
    }

    private static List<String> golden() throws IOException {
        return lines("/golden/exam-log.jsonl");
    }

    private static List<String> lines(String resource) throws IOException {
        try (InputStream in = ExamLogGoldenTest.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.isBlank())
                    .toList();
        }
    }
}
