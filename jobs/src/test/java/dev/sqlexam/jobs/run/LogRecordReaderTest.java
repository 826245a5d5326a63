package dev.sqlexam.jobs.run;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LogRecordReaderTest {

    /** How Jackson reads a record on its own: the reference. */
    private static final ObjectReader JACKSON =
            Json.MAPPER
                    .readerFor(ExamRecord.class)
                    .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    @Test
    void everyLineOfTheGoldenLogsBecomesTheRecordJacksonMakesOfIt() throws IOException {
        List<ObjectNode> lines = new ArrayList<>();
        // every field of real runs (exam, A/B, grade), and a log of the format before the parts
        for (String golden :
                List.of("/golden/exam-log.jsonl", "/golden/exam-log-before-parts.jsonl"))
            lines.addAll(lines(golden));
        assertThat(lines).hasSizeGreaterThanOrEqualTo(8);
        for (ObjectNode line : lines) {
            ExamRecord expected = JACKSON.readValue(line);
            ExamRecord read = LogRecordReader.read(line);
            assertThat(read).isEqualTo(expected);
            assertThat(Json.write(read)).isEqualTo(Json.write(expected));
        }
    }

    @Test
    void unknownFieldsAnywhereAndEveryShapeOfExtrasAsJacksonReadsThem() throws IOException {
        ObjectNode base = lines("/golden/exam-log.jsonl").get(0);
        List<ObjectNode> variants = new ArrayList<>();
        ObjectNode unknown = base.deepCopy();
        unknown.put("field_of_a_later_version", 3);
        if (unknown.path("trace").isArray() && unknown.path("trace").size() > 0)
            ((ObjectNode) unknown.path("trace").get(0)).put("unknown_in_a_stage", "x");
        variants.add(unknown);
        for (String extras :
                List.of(
                        "{\"hardness\":\"easy\",\"n\":[1,2]}",
                        "\"text\"",
                        "null",
                        "3",
                        "true",
                        "[1]")) {
            ObjectNode v = base.deepCopy();
            v.set("extras", Json.MAPPER.readTree(extras));
            variants.add(v);
        }
        ObjectNode none = base.deepCopy();
        none.remove("extras");
        variants.add(none);
        ObjectNode sparse = Json.MAPPER.createObjectNode();
        sparse.put("question_id", "q1").put("reason", "missing").put("db", "erp");
        variants.add(sparse);
        for (ObjectNode line : variants)
            assertThat(LogRecordReader.read(line))
                    .as(line.toString())
                    .isEqualTo(JACKSON.readValue(line));
    }

    @Test
    void theReaderDealsFieldsToExactlyExamRecordsUnwrappedParts() {
        var components = ExamRecord.class.getRecordComponents();
        assertThat(LogRecordReader.PARTS).hasSize(components.length - 1);
        for (int i = 0; i < LogRecordReader.PARTS.size(); i++)
            assertThat(LogRecordReader.PARTS.get(i)).isEqualTo(components[i].getType());
        assertThat(components[components.length - 1].getName()).isEqualTo("extrasJson");
        var snake = new PropertyNamingStrategies.SnakeCaseStrategy();
        for (int part = 0; part < LogRecordReader.PARTS.size(); part++)
            for (var c : LogRecordReader.PARTS.get(part).getRecordComponents())
                assertThat(LogRecordReader.PART_OF_FIELD.get(snake.translate(c.getName())))
                        .as("%s.%s", LogRecordReader.PARTS.get(part).getSimpleName(), c.getName())
                        .isEqualTo(part);
    }

    @Test
    void aLineJacksonRefusesIsRefusedAndOneThatNamesAPartIsReadAsJacksonReadsIt()
            throws IOException {
        ObjectNode base = lines("/golden/exam-log.jsonl").get(0);
        List<String> edits =
                List.of(
                        "{\"grade\":\"A\"}",
                        "{\"timing\":{\"gold_ms\":\"x\"}}",
                        "{\"timing\":{\"gold_ms\":7}}",
                        "{\"gold_ms\":\"x\"}",
                        "{\"correct\":{\"no\":1}}",
                        "{\"trace\":null}",
                        "{\"trace\":[{\"stage\":\"no_such_stage\"}]}",
                        "{\"soft_f1\":0.5,\"repetition\":null}");
        for (String edit : edits) {
            ObjectNode line = base.deepCopy();
            line.setAll((ObjectNode) Json.MAPPER.readTree(edit));
            ExamRecord expected = orNull(() -> JACKSON.readValue(line));
            ExamRecord read = orNull(() -> LogRecordReader.read(line));
            assertThat(read).as(edit).isEqualTo(expected);
        }
    }

    private interface Reading {
        ExamRecord read() throws IOException;
    }

    private static ExamRecord orNull(Reading reading) {
        try {
            return reading.read();
        } catch (IOException refused) {
            return null; // refused, as RunLog.record answers it
        }
    }

    @Test
    void aLineCutByACrashOrNotARecordIsNone() {
        assertThat(RunLog.record("{\"question_id\":\"q1\",\"reason\":\"match\",\"trace\":[{\"st"))
                .isNull();
        assertThat(RunLog.record("[1, 2]")).isNull();
        assertThat(RunLog.record("{\"question_id\":\"q1\"}")).as("no reason").isNull();
    }

    private static List<ObjectNode> lines(String resource) throws IOException {
        try (InputStream in = LogRecordReaderTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            List<ObjectNode> out = new ArrayList<>();
            for (String line :
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList())
                if (!line.isBlank()) out.add((ObjectNode) Json.MAPPER.readTree(line));
            return out;
        }
    }
}
