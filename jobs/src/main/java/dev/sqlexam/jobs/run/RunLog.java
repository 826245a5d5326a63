package dev.sqlexam.jobs.run;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.pipeline.SharingPlan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** A run's exam log read back: for compare, regrade and resume. */
public final class RunLog {

    private RunLog() {}

    /** The records of {@code runDir}'s exam_log.jsonl. */
    public static List<ExamRecord> read(Path runDir) {
        Path log = runDir.resolve("exam_log.jsonl");
        if (!Files.isRegularFile(log))
            throw new IllegalArgumentException(
                    "no exam log in " + runDir + " (expected " + log + ")");
        return new ArrayList<>(parse(List.of(log)).values());
    }

    /**
     * The records of {@code runDir}'s exam_log.jsonl as {@link #read} gives them (one per key, the
     * first), read from the file each time they are iterated, one line at a time: for a pass over a
     * large log without holding it.
     */
    public static Iterable<ExamRecord> records(Path runDir) {
        Path log = runDir.resolve("exam_log.jsonl");
        if (!Files.isRegularFile(log))
            throw new IllegalArgumentException(
                    "no exam log in " + runDir + " (expected " + log + ")");
        return () -> new LogLines(log);
    }

    /**
     * What a killed run left: its merged log and every line the file sink had written into part
     * files, committed or not; a line cut off mid-write is dropped (its question is asked again).
     * One record per (variant, run, question), the first.
     */
    public static Map<String, ExamRecord> recover(Path runDir) {
        List<Path> files = new ArrayList<>();
        Path log = runDir.resolve("exam_log.jsonl");
        if (Files.isRegularFile(log)) files.add(log);
        Path parts = runDir.resolve(".parts").resolve("exam-log");
        if (Files.isDirectory(parts)) {
            try (Stream<Path> walk = Files.walk(parts)) {
                walk.filter(Files::isRegularFile).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + parts, e);
            }
        }
        return parse(files);
    }

    /** The {@link SharingPlan#doneKey}s of the records: what a resumed run does not ask again. */
    public static Set<String> doneKeys(Iterable<ExamRecord> records) {
        Set<String> out = new HashSet<>();
        for (ExamRecord r : records)
            out.add(
                    SharingPlan.doneKey(
                            r.variant(), r.repetition(), r.db() + "/" + r.questionId()));
        return out;
    }

    public static String key(ExamRecord r) {
        return key(r.variant(), r.repetition(), r.db(), r.questionId());
    }

    /** One record per (variant, run, question): its identity in a log. */
    public static String key(String variant, int repetition, String db, String questionId) {
        return variant + "\u0000" + repetition + "\u0000" + db + "/" + questionId;
    }

    private static Map<String, ExamRecord> parse(List<Path> files) {
        Map<String, ExamRecord> out = new LinkedHashMap<>();
        for (Path file : files) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
            for (String line : lines) {
                if (line.isBlank()) continue;
                ExamRecord r = record(line);
                if (r != null) out.putIfAbsent(key(r), r);
            }
        }
        return out;
    }

    /**
     * One log line as a record; null for a line that is not a whole record (cut off when the
     * process was killed).
     */
    public static ExamRecord record(String line) {
        // a line cut by a crash: recovered records stop before it
        return Json.orNull(
                () -> {
                    JsonNode node = Json.MAPPER.readTree(line);
                    if (!(node instanceof ObjectNode object)
                            || !object.hasNonNull("question_id")
                            || !object.hasNonNull("reason")) return null;
                    return Json.MAPPER.treeToValue(object, ExamRecord.class);
                });
    }

    /** Records as log lines. */
    public static List<String> lines(Iterable<ExamRecord> records) {
        List<String> out = new ArrayList<>();
        for (ExamRecord r : records) out.add(Json.write(r));
        return out;
    }

    /** The variants of the records, in the order they first appear. */
    public static List<String> variants(List<ExamRecord> records) {
        return records.stream().map(ExamRecord::variant).distinct().collect(Collectors.toList());
    }
}
