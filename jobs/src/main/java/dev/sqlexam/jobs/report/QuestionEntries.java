package dev.sqlexam.jobs.report;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The report's second pass over the exam log: of the earliest record of each question under each
 * variant, the worst per failure category and the entries the question list shows, with their
 * golds. Past {@code shownAtMost} entries the list shows that many, evenly spaced in log order; the
 * worst lists still look at every entry, and every record stays in the log (and in exam.results, or
 * exam.missing for a file's missing questions).
 */
final class QuestionEntries {

    final int total;
    final int shown;
    final ObjectNode worst = Json.MAPPER.createObjectNode();
    final ArrayNode questions = Json.MAPPER.createArrayNode();
    final ObjectNode golds = Json.MAPPER.createObjectNode();

    private QuestionEntries(int total, int shown) {
        this.total = total;
        this.shown = shown;
    }

    static QuestionEntries of(
            Iterable<ExamRecord> records,
            RecordsSeen seen,
            int shownAtMost,
            int worstPerCategory,
            Function<ExamRecord, ObjectNode> entry) {
        int[] ordinals = seen.earliestOrdinals();
        Map<Integer, Integer> placeOfOrdinal = new HashMap<>();
        for (int place = 0; place < ordinals.length; place++)
            placeOfOrdinal.put(ordinals[place], place);
        BitSet shown = shownPlaces(ordinals.length, shownAtMost);
        Map<String, TreeMap<Integer, ObjectNode>> worst = new HashMap<>();
        TreeMap<Integer, ExamRecord> listed = new TreeMap<>();
        int ordinal = 0;
        for (ExamRecord r : records) {
            Integer place = placeOfOrdinal.get(ordinal++);
            if (place == null) continue;
            if (!r.correct() && r.failureType() != null) {
                TreeMap<Integer, ObjectNode> list =
                        worst.computeIfAbsent(r.failureType(), k -> new TreeMap<>());
                list.put(place, worstEntry(r));
                if (list.size() > worstPerCategory) list.pollLastEntry();
            }
            if (shown.get(place)) listed.put(place, r);
        }
        QuestionEntries out = new QuestionEntries(ordinals.length, shown.cardinality());
        worst.entrySet().stream()
                .sorted(Comparator.comparing(e -> e.getValue().firstKey()))
                .forEach(e -> e.getValue().values().forEach(out.worst.putArray(e.getKey())::add));
        Map<String, String> golds = new LinkedHashMap<>();
        for (ExamRecord r : listed.values()) {
            out.questions.add(entry.apply(r));
            golds.put(r.db() + "/" + r.questionId(), r.goldSql());
        }
        golds.forEach(out.golds::put);
        return out;
    }

    boolean sampled() {
        return shown < total;
    }

    /** All places, or {@code atMost} of them evenly spaced. */
    static BitSet shownPlaces(int places, int atMost) {
        BitSet shown = new BitSet(places);
        if (places <= atMost) shown.set(0, places);
        else for (int j = 0; j < atMost; j++) shown.set((int) ((long) j * places / atMost));
        return shown;
    }

    private static ObjectNode worstEntry(ExamRecord r) {
        return Json.MAPPER
                .createObjectNode()
                .put("id", r.questionId())
                .put("db", r.db())
                .put("variant", r.variant())
                .put("question", r.question())
                .put("reason", r.reason())
                .put("details", r.failureDetails())
                .put("pred_sql", r.predSql());
    }
}
