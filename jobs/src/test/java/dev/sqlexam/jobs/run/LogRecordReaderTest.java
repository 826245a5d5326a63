package dev.sqlexam.jobs.run;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
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
        for (String extras : List.of("{\"hardness\":\"easy\",\"n\":[1,2]}", "\"text\"", "null")) {
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
