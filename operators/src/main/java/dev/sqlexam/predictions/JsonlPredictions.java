package dev.sqlexam.predictions;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Our JSONL predictions, one object a line keyed by question id: the first prediction of an id is
 * graded, and a line that cannot be used is rejected with the reason.
 */
final class JsonlPredictions {

    private final Path file;
    private final Set<String> known = new HashSet<>();
    private final Map<String, Prediction> byId = new LinkedHashMap<>();
    private final List<RejectedLine> rejected = new ArrayList<>();

    private JsonlPredictions(Path file, List<ExamQuestion> questions) {
        this.file = file;
        questions.forEach(q -> known.add(q.id()));
    }

    static PredictionsFile.Parsed read(Path file, String text, List<ExamQuestion> questions) {
        JsonlPredictions reader = new JsonlPredictions(file, questions);
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].isBlank()) reader.readLine(i + 1, lines[i]);
        }
        return new PredictionsFile.Parsed(reader.byId, reader.rejected, List.of());
    }

    private void readLine(long n, String line) {
        JsonNode r;
        try {
            r = Json.MAPPER.readTree(line);
        } catch (IOException e) {
            reject(n, "not JSON: " + PredictionsFile.firstLine(e.getMessage()), line);
            return;
        }
        String reason = rejection(r);
        if (reason != null) {
            reject(n, reason, line);
            return;
        }
        String id = id(r);
        byId.put(
                id,
                new Prediction(
                        id,
                        r.get("sql").asText(),
                        text(r, "system"),
                        number(r, "latency_ms", Long.class),
                        number(r, "prompt_tokens", Integer.class),
                        number(r, "completion_tokens", Integer.class),
                        number(r, "cost", Double.class),
                        n));
    }

    /** Why the line's object cannot be graded, or null when it can. */
    private String rejection(JsonNode r) {
        if (r == null || !r.isObject()) return "not a JSON object";
        String id = id(r);
        if (id == null || id.isBlank()) return "no \"id\"";
        if (!r.path("sql").isTextual()) return "no \"sql\" string for id '" + id + "'";
        if (!known.contains(id)) return "no question with id '" + id + "' in the exam set";
        Prediction first = byId.get(id);
        if (first != null) {
            return "duplicate prediction for id '"
                    + id
                    + "' (the one on line "
                    + first.line()
                    + " is graded)";
        }
        return null;
    }

    private void reject(long n, String reason, String line) {
        rejected.add(new RejectedLine(file.toString(), n, reason, line));
    }

    private static String id(JsonNode r) {
        return r.path("id").isValueNode() ? r.path("id").asText() : null;
    }

    private static String text(JsonNode r, String field) {
        return r.path(field).isTextual() ? r.get(field).asText() : null;
    }

    private static <T> T number(JsonNode r, String field, Class<T> type) {
        JsonNode v = r.path(field);
        if (!v.isNumber()) return null;
        Object out =
                type == Long.class
                        ? (Object) v.asLong()
                        : type == Integer.class ? (Object) v.asInt() : (Object) v.asDouble();
        return type.cast(out);
    }
}
