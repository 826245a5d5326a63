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
import java.util.Iterator;
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

    private static final String JSON_OBJECT_START = "{";

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
                    case BIRD -> PositionalPredictions.bird(file, text, positions);
                    case SPIDER -> PositionalPredictions.spider(file, text, positions);
                    case JSONL -> JsonlPredictions.read(file, text, questions);
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
                joined(positions == null ? null : positions.warning(), parsed.warning()));
    }

    private static String joined(String a, String b) {
        if (a == null) return b;
        return b == null ? a : a + "; " + b;
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
        if (t.startsWith(JSON_OBJECT_START)) return isIndexedObject(t) ? Format.BIRD : Format.JSONL;
        return t.startsWith("[") ? Format.JSONL : Format.SPIDER;
    }

    /** One JSON object whose keys are all indexes, as BIRD's {@code predict_dev.json}. */
    private static boolean isIndexedObject(String text) {
        // null: several objects, JSONL
        JsonNode whole = Json.treeOrNull(text);
        if (whole == null || !whole.isObject() || whole.size() == 0) return false;
        for (Iterator<String> it = whole.fieldNames(); it.hasNext(); ) {
            if (!it.next().matches("\\d+")) return false;
        }
        return true;
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

    /** A file's predictions, its unusable lines, and what its reading warns of (null: nothing). */
    record Parsed(
            Map<String, Prediction> byId,
            List<RejectedLine> rejected,
            List<ForQuarantined> forQuarantined,
            String warning) {

        Parsed(
                Map<String, Prediction> byId,
                List<RejectedLine> rejected,
                List<ForQuarantined> forQuarantined) {
            this(byId, rejected, forQuarantined, null);
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

    static String firstLine(String message) {
        if (message == null) return "";
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
