package dev.sqlexam.predictions;

import dev.sqlexam.examset.Quarantine;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;

import com.fasterxml.jackson.databind.JsonNode;

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
 * A predictions file from another NL2SQL system, in the format its content shows: our JSONL ({@code
 * id}, {@code sql}, optional {@code system}, {@code latency_ms}, {@code prompt_tokens}, {@code
 * completion_tokens}, {@code cost}), BIRD's {@code predict_dev.json} (aligned by index), or
 * Spider's one SQL per line (aligned by order), or defog sql-eval's results CSV ({@link
 * DefogResults}); indexes and lines are positions in the benchmark's file when the exam set records
 * them ({@link SourcePositions}). Lines that cannot be used are rejected with the reason,
 * predictions for questions the import quarantined are set apart, and a Spider file whose line
 * count differs from the positions it must cover is an error, since nothing would align.
 */
public final class PredictionsFile {

    public enum Format {
        JSONL,
        BIRD,
        SPIDER,
        DEFOG
    }

    /**
     * The predictions of one file, keyed by question id; the lines that could not be used; those
     * for questions the import quarantined (never graded); how positions were counted (null: our
     * JSONL, keyed by id) and a reason to doubt it (or null).
     */
    public record Loaded(
            String label,
            Path file,
            Format format,
            Map<String, Prediction> byId,
            List<RejectedLine> rejected,
            List<ForQuarantined> forQuarantined,
            String alignment,
            String alignmentWarning)
            implements Serializable {

        public Loaded withLabel(String newLabel) {
            return new Loaded(
                    newLabel,
                    file,
                    format,
                    byId,
                    rejected,
                    forQuarantined,
                    alignment,
                    alignmentWarning);
        }

        public Loaded withPredictions(Map<String, Prediction> predictions) {
            return new Loaded(
                    label,
                    file,
                    format,
                    predictions,
                    rejected,
                    forQuarantined,
                    alignment,
                    alignmentWarning);
        }
    }

    /**
     * A prediction at the position of a question the import quarantined, with the line that records
     * it.
     */
    public record ForQuarantined(String questionId, int sourceIndex, RejectedLine line)
            implements Serializable {}

    static final String BIRD_SEPARATOR = "\t----- bird -----\t";

    private PredictionsFile() {}

    public static Loaded read(Path file, List<ExamQuestion> questions) {
        return read(file, questions, List.of());
    }

    /**
     * {@code quarantined}: the questions the exam set's import left out ({@link Quarantine#of}),
     * whose positions BIRD and Spider keep.
     */
    public static Loaded read(
            Path file, List<ExamQuestion> questions, List<Quarantine.Entry> quarantined) {
        if (!Files.isRegularFile(file))
            throw new IllegalArgumentException("no predictions file at " + file);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the predictions " + file, e);
        }
        if (text.startsWith("\uFEFF")) text = text.substring(1);
        Format format = detect(text);
        if (format == Format.JSONL && text.strip().startsWith("[")) text = arrayAsLines(file, text);
        SourcePositions positions =
                format == Format.JSONL || format == Format.DEFOG
                        ? null
                        : positions(file, questions, quarantined);
        Parsed parsed =
                switch (format) {
                    case BIRD -> bird(file, text, positions);
                    case SPIDER -> spider(file, text, positions);
                    case JSONL -> jsonl(file, text, questions);
                    case DEFOG -> DefogResults.read(file, text, questions);
                };
        return new Loaded(
                label(file, parsed.byId()),
                file,
                format,
                parsed.byId(),
                parsed.rejected(),
                parsed.forQuarantined(),
                positions == null ? null : positions.describe(),
                positions == null ? null : positions.warning());
    }

    private static SourcePositions positions(
            Path file, List<ExamQuestion> questions, List<Quarantine.Entry> quarantined) {
        try {
            return SourcePositions.of(questions, quarantined);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "cannot align the predictions " + file + " by position: " + e.getMessage(), e);
        }
    }

    /**
     * BIRD when the whole file is one JSON object keyed by indexes; JSONL when lines are objects;
     * defog's results when a CSV header names generated_query; Spider otherwise.
     */
    public static Format detect(String text) {
        String t = text.strip();
        if (DefogResults.looksLike(t)) return Format.DEFOG;
        if (t.startsWith("{")) {
            try {
                JsonNode whole = Json.MAPPER.readTree(t);
                if (whole != null && whole.isObject() && whole.size() > 0) {
                    boolean indexed = true;
                    for (Iterator<String> it = whole.fieldNames(); it.hasNext(); )
                        indexed &= it.next().matches("\\d+");
                    if (indexed) return Format.BIRD;
                }
            } catch (IOException notOneObject) {
                // several objects: JSONL
            }
            return Format.JSONL;
        }
        return t.startsWith("[") ? Format.JSONL : Format.SPIDER;
    }

    /**
     * A JSON array of our objects reads as JSONL, one element per line (its line numbers are
     * element numbers).
     */
    private static String arrayAsLines(Path file, String text) {
        try {
            JsonNode array = Json.MAPPER.readTree(text);
            StringBuilder out = new StringBuilder();
            for (JsonNode e : array) out.append(Json.MAPPER.writeValueAsString(e)).append('\n');
            return out.toString();
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "the predictions "
                            + file
                            + " start with '[' but are not a JSON array: "
                            + firstLine(e.getMessage()),
                    e);
        }
    }

    record Parsed(
            Map<String, Prediction> byId,
            List<RejectedLine> rejected,
            List<ForQuarantined> forQuarantined) {}

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
                rejected.add(
                        new RejectedLine(
                                file.toString(),
                                n,
                                "not JSON: " + firstLine(e.getMessage()),
                                line));
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
                rejected.add(
                        new RejectedLine(
                                file.toString(), n, "no \"sql\" string for id '" + id + "'", line));
                continue;
            }
            if (!known.containsKey(id)) {
                rejected.add(
                        new RejectedLine(
                                file.toString(),
                                n,
                                "no question with id '" + id + "' in the exam set",
                                line));
                continue;
            }
            Prediction first = byId.get(id);
            if (first != null) {
                rejected.add(
                        new RejectedLine(
                                file.toString(),
                                n,
                                "duplicate prediction for id '"
                                        + id
                                        + "' (the one on line "
                                        + first.line()
                                        + " is graded)",
                                line));
                continue;
            }
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
        return new Parsed(byId, rejected, List.of());
    }

    private static Parsed bird(Path file, String text, SourcePositions positions) {
        JsonNode whole;
        try {
            whole = Json.MAPPER.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "cannot read the BIRD predictions " + file + ": " + firstLine(e.getMessage()),
                    e);
        }
        Aligned aligned = new Aligned(file);
        for (Iterator<Map.Entry<String, JsonNode>> it = whole.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String value = e.getValue().asText();
            int index = e.getKey().length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(e.getKey());
            if (index >= positions.size()) {
                aligned.reject(
                        index,
                        "index "
                                + e.getKey()
                                + " but "
                                + positions.counts()
                                + " (BIRD's format is aligned by index)",
                        value);
                continue;
            }
            int sep = value.indexOf(BIRD_SEPARATOR);
            String sql = sep < 0 ? value : value.substring(0, sep);
            String db = sep < 0 ? null : value.substring(sep + BIRD_SEPARATOR.length()).strip();
            SourcePositions.Slot slot = positions.at(index);
            String expected =
                    slot.question() != null
                            ? slot.question().db()
                            : slot.quarantined() != null ? slot.quarantined().db() : null;
            if (db != null && !db.isEmpty() && expected != null && !db.equalsIgnoreCase(expected)) {
                String id =
                        slot.question() != null ? slot.question().id() : slot.quarantined().id();
                aligned.reject(
                        index,
                        "index "
                                + index
                                + " names database '"
                                + db
                                + "' but question '"
                                + id
                                + "' is on '"
                                + expected
                                + "': the files are not aligned",
                        value);
                continue;
            }
            aligned.place(index, index, slot, sql, value);
        }
        return aligned.parsed();
    }

    private static Parsed spider(Path file, String text, SourcePositions positions) {
        List<String> lines = new ArrayList<>(List.of(text.split("\r?\n", -1)));
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank())
            lines.remove(lines.size() - 1);
        if (lines.size() != positions.size()) {
            throw new IllegalArgumentException(
                    "the predictions "
                            + file
                            + " have "
                            + lines.size()
                            + " lines but "
                            + positions.counts()
                            + ": Spider's format is one SQL per line, aligned by "
                            + (positions.bySource() ? "the source's order" : "order"));
        }
        Aligned aligned = new Aligned(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int tab = line.lastIndexOf('\t');
            String sql =
                    (tab >= 0 && line.substring(tab + 1).strip().matches("[\\w$]+")
                                    ? line.substring(0, tab)
                                    : line)
                            .strip();
            if (sql.isEmpty()) continue;
            aligned.place(i, i + 1, positions.at(i), sql, line);
        }
        return aligned.parsed();
    }

    /** The predictions of a file aligned by position, as each position's slot says. */
    private static final class Aligned {
        final Path file;
        final Map<String, Prediction> byId = new LinkedHashMap<>();
        final List<RejectedLine> rejected = new ArrayList<>();
        final List<ForQuarantined> forQuarantined = new ArrayList<>();

        Aligned(Path file) {
            this.file = file;
        }

        void reject(long line, String reason, String text) {
            rejected.add(new RejectedLine(file.toString(), line, reason, text));
        }

        void place(int position, long line, SourcePositions.Slot slot, String sql, String text) {
            if (slot.question() != null) {
                byId.put(
                        slot.question().id(),
                        Prediction.sqlOnly(slot.question().id(), sql, null, line));
            } else if (slot.quarantined() != null) {
                Quarantine.Entry q = slot.quarantined();
                forQuarantined.add(
                        new ForQuarantined(
                                q.id(),
                                position,
                                new RejectedLine(
                                        file.toString(),
                                        line,
                                        "for question '"
                                                + q.id()
                                                + "' (source_index "
                                                + position
                                                + "), which the import quarantined ("
                                                + String.join("; ", q.reasons())
                                                + "): not graded",
                                        text)));
            } else {
                reject(
                        line,
                        "source_index "
                                + position
                                + " is neither a question of the exam set nor one its import quarantined: "
                                + "not graded",
                        text);
            }
        }

        Parsed parsed() {
            return new Parsed(byId, rejected, forQuarantined);
        }
    }

    /** The system's name when every prediction gives the same one; the file name otherwise. */
    private static String label(Path file, Map<String, Prediction> byId) {
        String system = null;
        for (Prediction p : byId.values()) {
            if (p.system() == null || system != null && !system.equals(p.system()))
                return fileLabel(file);
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
        Object out =
                type == Long.class
                        ? (Object) v.asLong()
                        : type == Integer.class ? (Object) v.asInt() : (Object) v.asDouble();
        return type.cast(out);
    }

    private static String firstLine(String message) {
        if (message == null) return "";
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
