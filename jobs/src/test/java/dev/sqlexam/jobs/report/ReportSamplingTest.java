package dev.sqlexam.jobs.report;

import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report's question list and worst lists, built in two passes over the log: the same as the
 * one-pass reading of every record held in memory (written again here from the code it replaced)
 * while nothing is sampled, and a sample evenly spaced past the limit that leaves the worst lists
 * and the header's counts whole.
 */
class ReportSamplingTest {

    @TempDir Path dir;

    private static final JsonNode SUMMARY = Json.MAPPER.createObjectNode().put("run_id", "r");

    @Test
    void belowTheLimitTheQuestionsWorstAndGoldsAreThoseOfTheEarliestRecords() {
        List<ExamRecord> records = records();
        ObjectNode data = ReportData.of(SUMMARY, records, List.of());

        List<ExamRecord> earliest = earliestAsBefore(records);
        assertThat(data.get("questions")).hasSize(earliest.size());
        for (int i = 0; i < earliest.size(); i++) {
            JsonNode q = data.get("questions").get(i);
            assertThat(q.get("id").asText() + "/" + q.get("variant").asText())
                    .isEqualTo(earliest.get(i).questionId() + "/" + earliest.get(i).variant());
            assertThat(q.get("pred_sql").asText()).isEqualTo(earliest.get(i).predSql());
        }
        assertThat(data.get("worst")).isEqualTo(worstAsBefore(earliest));
        assertThat(data.get("golds").size()).isEqualTo(9);
        assertThat(data.get("header").has("entries_shown")).isFalse();
        assertThat(data.get("header").get("questions").asInt()).isEqualTo(9);
        assertThat(data.get("header").get("databases").asInt()).isEqualTo(2);
    }

    @Test
    void pastTheLimitAnEvenSampleIsShownAndSaidSoWhileWorstAndCountsStayWhole() {
        List<ExamRecord> records = records();
        ObjectNode whole = ReportData.of(SUMMARY, records, List.of(), 1_000);
        ObjectNode sampled = ReportData.of(SUMMARY, records, List.of(), 4);

        // 18 entries (9 questions × 2 variants), 4 shown: places 0, 4, 9, 13
        assertThat(sampled.get("header").get("entries").asInt()).isEqualTo(18);
        assertThat(sampled.get("header").get("entries_shown").asInt()).isEqualTo(4);
        assertThat(sampled.get("questions"))
                .containsExactly(
                        whole.get("questions").get(0),
                        whole.get("questions").get(4),
                        whole.get("questions").get(9),
                        whole.get("questions").get(13));
        assertThat(sampled.get("worst")).isEqualTo(whole.get("worst"));
        assertThat(sampled.get("latency")).isEqualTo(whole.get("latency"));
        assertThat(sampled.get("header").get("questions"))
                .isEqualTo(whole.get("header").get("questions"));
        List<String> goldKeys = new ArrayList<>();
        sampled.get("golds").fieldNames().forEachRemaining(goldKeys::add);
        List<String> shownKeys = new ArrayList<>();
        sampled.get("questions")
                .forEach(q -> shownKeys.add(q.get("db").asText() + "/" + q.get("id").asText()));
        assertThat(goldKeys).containsExactlyElementsOf(shownKeys.stream().distinct().toList());
    }

    @Test
    void theLogReadOneLineAtATimeGivesWhatReadingItWholeGives() throws Exception {
        List<String> lines = new ArrayList<>();
        for (ExamRecord r : records()) lines.add(Json.write(r));
        lines.add(3, "");
        lines.add(lines.get(5)); // a record logged twice: the first stands
        lines.add("{\"question_id\": \"cut-off"); // a line cut by a crash
        Files.write(dir.resolve("exam_log.jsonl"), lines);

        List<String> streamed = new ArrayList<>();
        for (ExamRecord r : RunLog.records(dir)) streamed.add(Json.write(r));
        List<String> streamedAgain = new ArrayList<>();
        RunLog.records(dir).forEach(r -> streamedAgain.add(Json.write(r)));

        List<String> whole = RunLog.read(dir).stream().map(Json::write).toList();
        assertThat(streamed).hasSize(records().size()).isEqualTo(whole).isEqualTo(streamedAgain);
    }

    @Test
    void sampledPlacesAreEvenlySpacedAndDistinct() {
        assertThat(QuestionEntries.shownPlaces(10, 20).cardinality()).isEqualTo(10);
        assertThat(QuestionEntries.shownPlaces(100_000, 5_000).cardinality()).isEqualTo(5_000);
        assertThat(QuestionEntries.shownPlaces(100_000, 5_000).nextSetBit(1)).isEqualTo(20);
        assertThat(QuestionEntries.shownPlaces(7, 3).stream().toArray()).containsExactly(0, 2, 4);
    }

    /**
     * Two variants, nine questions on two databases, two repetitions logged in mixed order (for
     * some the second before the first), answers right and wrong in three failure categories.
     */
    private static List<ExamRecord> records() {
        List<ExamRecord> out = new ArrayList<>();
        String[] failures = {"llm_reasoning", "schema_linking", "syntax"};
        for (int repetition : new int[] {2, 1}) {
            for (String variant : List.of("a", "b")) {
                for (int q = 0; q < 9; q++) {
                    if (repetition == 2 && q % 3 != 0) continue;
                    boolean correct = (q + variant.length() + repetition) % 4 == 0;
                    out.add(
                            record(
                                    variant,
                                    repetition,
                                    "q" + q,
                                    q < 5 ? "erp" : "demo",
                                    correct,
                                    correct ? null : failures[q % 3]));
                }
            }
        }
        for (String variant : List.of("a", "b")) {
            for (int q = 0; q < 9; q += 3) {
                out.add(record(variant, 3, "q" + q, q < 5 ? "erp" : "demo", false, "syntax"));
            }
        }
        return out;
    }

    private static ExamRecord record(
            String variant, int repetition, String id, String db, boolean correct, String failure) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("run_id", "r").put("variant", variant).put("repetition", repetition);
        o.put("question_id", id).put("db", db).put("question", "question " + id);
        o.put("gold_sql", "SELECT " + id).put("generator", "baseline");
        o.put("pred_sql", "SELECT " + id + " -- " + variant + " run " + repetition);
        o.put("correct", correct).put("reason", correct ? "match" : "value_mismatch");
        if (failure != null) o.put("failure_type", failure).put("failure_details", failure);
        o.put("total_ms", 10 * repetition);
        o.putArray("trace")
                .addObject()
                .put("stage", "grade")
                .put("status", "ok")
                .put("duration_ms", 3 + repetition);
        return RunLog.record(o.toString());
    }

    /** The earliest record of each question and variant, as the report chose them before. */
    private static List<ExamRecord> earliestAsBefore(List<ExamRecord> records) {
        Map<String, ExamRecord> first = new LinkedHashMap<>();
        for (ExamRecord r : records) {
            String key = r.variant() + "\u0000" + r.db() + "/" + r.questionId();
            ExamRecord seen = first.get(key);
            if (seen == null || r.repetition() < seen.repetition()) first.put(key, r);
        }
        return new ArrayList<>(first.values());
    }

    private static ObjectNode worstAsBefore(List<ExamRecord> earliest) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        for (ExamRecord r : earliest) {
            if (r.correct() || r.failureType() == null) continue;
            var list =
                    out.has(r.failureType())
                            ? (com.fasterxml.jackson.databind.node.ArrayNode)
                                    out.get(r.failureType())
                            : out.putArray(r.failureType());
            if (list.size() >= ReportData.WORST_PER_CATEGORY) continue;
            list.addObject()
                    .put("id", r.questionId())
                    .put("db", r.db())
                    .put("variant", r.variant())
                    .put("question", r.question())
                    .put("reason", r.reason())
                    .put("details", r.failureDetails())
                    .put("pred_sql", r.predSql());
        }
        return out;
    }
}
