package dev.sqlexam.predictions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;
import dev.sqlexam.json.Json;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A predictions file from another NL2SQL system, in the format its content shows: our JSONL
 * ({@code id}, {@code sql}, optional {@code system}, {@code latency_ms}, {@code prompt_tokens},
 * {@code completion_tokens}, {@code cost}), BIRD's {@code predict_dev.json} (aligned by index), or
 * Spider's one SQL per line (aligned by order). Lines that cannot be used are rejected with the reason;
 * a Spider file whose line count differs from the exam set is an error, since nothing would align.
 */
public final class PredictionsFile {

    public enum Format { JSONL, BIRD, SPIDER }

    /** The predictions of one file, keyed by question id, and the lines that could not be used. */
    public record Loaded(String label, Path file, Format format, Map<String, Prediction> byId, List<RejectedLine> rejected)
            implements Serializable {}

    static final String BIRD_SEPARATOR = "\t----- bird -----\t";

    private PredictionsFile() {}

    public static Loaded read(Path file, List<ExamQuestion> questions) {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("no predictions file at " + file);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the predictions " + file, e);
        }
        if (text.startsWith("\uFEFF")) text = text.substring(1);
        Format format = detect(text);
        if (format == Format.JSONL && text.strip().startsWith("[")) text = arrayAsLines(file, text);
        Parsed parsed = switch (format) {
            case BIRD -> bird(file, text, questions);
            case SPIDER -> spider(file, text, questions);
            case JSONL -> jsonl(file, text, questions);
        };
        return new Loaded(label(file, parsed.byId()), file, format, parsed.byId(), parsed.rejected());
    }

    /** BIRD when the whole file is one JSON object keyed by indexes; JSONL when lines are objects; Spider otherwise. */
    public static Format detect(String text) {
        String t = text.strip();
        if (t.startsWith("{")) {
            try {
                JsonNode whole = Json.MAPPER.readTree(t);
                if (whole != null && whole.isObject() && whole.size() > 0) {
                    boolean indexed = true;
                    for (Iterator<String> it = whole.fieldNames(); it.hasNext();) indexed &= it.next().matches("\\d+");
                    if (indexed) return Format.BIRD;
                }
            } catch (IOException notOneObject) {
                // several objects: JSONL
            }
            return Format.JSONL;
        }
        return t.startsWith("[") ? Format.JSONL : Format.SPIDER;
    }

    /** A JSON array of our objects reads as JSONL, one element per line (its line numbers are element numbers). */
    private static String arrayAsLines(Path file, String text) {
        try {
            JsonNode array = Json.MAPPER.readTree(text);
            StringBuilder out = new StringBuilder();
            for (JsonNode e : array) out.append(Json.MAPPER.writeValueAsString(e)).append('\n');
            return out.toString();
        } catch (IOException e) {
            throw new IllegalArgumentException("the predictions " + file + " start with '[' but are not a JSON array: " + firstLine(e.getMessage()), e);
        }
    }

    private record Parsed(Map<String, Prediction> byId, List<RejectedLine> rejected) {}

    private static Parsed jsonl(Path file, String text, List<ExamQuestion> questions) {
        Map<String, ExamQuestion> known = new HashMap<>();
        questions.forEach(q -> known.put(q.id(), q));
        Map<String, Prediction> byId = new LinkedHashMap<>();
        List<RejectedLine> rejected = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) continue;
            long n = i + 1;
            JsonNode r;
            try {
                r = Json.MAPPER.readTree(line);
            } catch (IOException e) {
                rejected.add(new RejectedLine(file.toString(), n, "not JSON: " + firstLine(e.getMessage()), line));
                continue;
            }
            if (r == null || !r.isObject()) {
                rejected.add(new RejectedLine(file.toString(), n, "not a JSON object", line));
                continue;
            }
            String id = r.path("id").isValueNode() ? r.path("id").asText() : null;
            if (id == null || id.isBlank()) {
                rejected.add(new RejectedLine(file.toString(), n, "no \"id\"", line));
                continue;
            }
            if (!r.path("sql").isTextual()) {
                rejected.add(new RejectedLine(file.toString(), n, "no \"sql\" string for id '" + id + "'", line));
                continue;
            }
            if (!known.containsKey(id)) {
                rejected.add(new RejectedLine(file.toString(), n, "no question with id '" + id + "' in the exam set", line));
                continue;
            }
            Prediction first = byId.get(id);
            if (first != null) {
                rejected.add(new RejectedLine(file.toString(), n, "duplicate prediction for id '" + id + "' (the one on line " + first.line()
                        + " is graded)", line));
                continue;
            }
            byId.put(id, new Prediction(id, r.get("sql").asText(), text(r, "system"), number(r, "latency_ms", Long.class),
                    number(r, "prompt_tokens", Integer.class), number(r, "completion_tokens", Integer.class), number(r, "cost", Double.class), n));
        }
        return new Parsed(byId, rejected);
    }

    private static Parsed bird(Path file, String text, List<ExamQuestion> questions) {
        JsonNode whole;
        try {
            whole = Json.MAPPER.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the BIRD predictions " + file + ": " + firstLine(e.getMessage()), e);
        }
        Map<String, Prediction> byId = new LinkedHashMap<>();
        List<RejectedLine> rejected = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = whole.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            int index = Integer.parseInt(e.getKey());
            String value = e.getValue().asText();
            if (index >= questions.size()) {
                rejected.add(new RejectedLine(file.toString(), index, "index " + index + " but the exam set has " + questions.size()
                        + " questions (BIRD's format is aligned by index)", value));
                continue;
            }
            ExamQuestion q = questions.get(index);
            int sep = value.indexOf(BIRD_SEPARATOR);
            String sql = sep < 0 ? value : value.substring(0, sep);
            String db = sep < 0 ? null : value.substring(sep + BIRD_SEPARATOR.length()).strip();
            if (db != null && !db.isEmpty() && !db.equalsIgnoreCase(q.db())) {
                rejected.add(new RejectedLine(file.toString(), index, "index " + index + " names database '" + db + "' but question '"
                        + q.id() + "' is on '" + q.db() + "': the files are not aligned", value));
                continue;
            }
            byId.put(q.id(), Prediction.sqlOnly(q.id(), sql, null, index));
        }
        return new Parsed(byId, rejected);
    }

    private static Parsed spider(Path file, String text, List<ExamQuestion> questions) {
        List<String> lines = new ArrayList<>(List.of(text.split("\r?\n", -1)));
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) lines.remove(lines.size() - 1);
        if (lines.size() != questions.size()) {
            throw new IllegalArgumentException("the predictions " + file + " have " + lines.size() + " lines but the exam set has "
                    + questions.size() + " questions: Spider's format is one SQL per line, aligned by order");
        }
        Map<String, Prediction> byId = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int tab = line.lastIndexOf('\t');
            String sql = (tab >= 0 && line.substring(tab + 1).strip().matches("[\\w$]+") ? line.substring(0, tab) : line).strip();
            if (sql.isEmpty()) continue;
            ExamQuestion q = questions.get(i);
            byId.put(q.id(), Prediction.sqlOnly(q.id(), sql, null, i + 1));
        }
        return new Parsed(byId, List.of());
    }

    /** The system's name when every prediction gives the same one; the file name otherwise. */
    private static String label(Path file, Map<String, Prediction> byId) {
        String system = null;
        for (Prediction p : byId.values()) {
            if (p.system() == null || system != null && !system.equals(p.system())) return fileLabel(file);
            system = p.system();
        }
        return system != null ? system : fileLabel(file);
    }

    private static String fileLabel(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return (dot > 0 ? name.substring(0, dot) : name).toLowerCase(Locale.ROOT);
    }

    private static String text(JsonNode r, String field) {
        return r.path(field).isTextual() ? r.get(field).asText() : null;
    }

    private static <T> T number(JsonNode r, String field, Class<T> type) {
        JsonNode v = r.path(field);
        if (!v.isNumber()) return null;
        Object out = type == Long.class ? (Object) v.asLong() : type == Integer.class ? (Object) v.asInt() : (Object) v.asDouble();
        return type.cast(out);
    }

    private static String firstLine(String message) {
        if (message == null) return "";
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
