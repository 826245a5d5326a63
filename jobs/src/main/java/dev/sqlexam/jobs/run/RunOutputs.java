package dev.sqlexam.jobs.run;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.RejectedLine;
import dev.sqlexam.sql.Backoff;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** Turns the file sink's committed part files into one JSONL file, ordered for reading. */
public final class RunOutputs {

    private RunOutputs() {}

    /**
     * The exam log: the records a resumed run took back, then the committed parts of this job
     * (in-progress and hidden files are not committed), one line per (variant, run, question),
     * ordered for reading. {@code duplicates} counts committed records of a key already logged:
     * none unless the job's exactly-once delivery failed. Streams: the lines are copied from their
     * parts, not held.
     */
    public static Merged merge(Path partsDir, Collection<ExamRecord> earlier, Path target) {
        SortedLineMerge merge =
                new SortedLineMerge(
                        Set.of("variant", "repetition", "db", "question_id", "line_number"),
                        n ->
                                RunLog.key(
                                        n.path("variant").asText(),
                                        n.path("repetition").asInt(),
                                        n.path("db").asText(),
                                        n.path("question_id").asText()));
        for (ExamRecord r : earlier) merge.addLine(Json.write(r));
        merge.addParts(partsDir);
        long lines = merge.writeTo(target, BY_RUN_AND_LINE.order(), List.of(), false);
        return new Merged(lines, merge.duplicates());
    }

    /** Lines written and committed records dropped as repeats of a logged key. */
    public record Merged(long lines, long duplicates) {}

    /**
     * How merged lines are ordered: a comparator of their heads, which hold only {@code fields}
     * (top-level scalars) of each line.
     */
    public record LineOrder(Set<String> fields, Comparator<JsonNode> order) {}

    /**
     * The exam set's rejected lines (in line order) then the inputs' unusable lines into {@code
     * target}; returns the line count (no file when there is nothing).
     */
    public static long writeRejected(
            List<RejectedLine> examSet, List<String> unusable, Path target) {
        if (examSet.isEmpty() && unusable.isEmpty()) return 0;
        List<String> lines = new ArrayList<>(examSet.size() + unusable.size());
        for (RejectedLine r : examSet) lines.add(Json.write(r));
        lines.addAll(unusable);
        writeLines(target, lines);
        return lines.size();
    }

    /**
     * Committed parts into one JSONL file in {@code order}; returns the line count (no file when
     * there is nothing).
     */
    public static long mergeJsonLines(Path partsDir, Path target, LineOrder order) {
        SortedLineMerge merge = new SortedLineMerge(order.fields(), null);
        merge.addParts(partsDir);
        return merge.writeTo(target, order.order(), List.of(), true);
    }

    /**
     * A watch output by name: the merged {@code NAME.jsonl} of a replay, else the committed part
     * files under {@code NAME/} of a following watch (in-progress files, hidden, left out).
     */
    public static List<JsonNode> watchOutput(Path dir, String name) {
        Path merged = dir.resolve(name + ".jsonl");
        if (!Files.isRegularFile(merged)) return committed(dir.resolve(name));
        try {
            List<JsonNode> rows = new ArrayList<>();
            for (String line : Files.readAllLines(merged, StandardCharsets.UTF_8))
                if (!line.isBlank()) rows.add(Json.MAPPER.readTree(line));
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + merged, e);
        }
    }

    private static List<JsonNode> committed(Path partsDir) {
        List<JsonNode> rows = new ArrayList<>();
        if (!Files.isDirectory(partsDir)) return rows;
        try (Stream<Path> files = Files.list(partsDir)) {
            for (Path part :
                    files.filter(p -> !p.getFileName().toString().startsWith("."))
                            .sorted()
                            .toList()) {
                for (String line : Files.readAllLines(part, StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) rows.add(Json.MAPPER.readTree(line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot merge " + partsDir, e);
        }
        return rows;
    }

    public static void writeLines(Path target, List<String> lines) {
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
            Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
            Files.write(tmp, lines, StandardCharsets.UTF_8);
            Files.move(
                    tmp,
                    target,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }

    static final LineOrder BY_RUN_AND_LINE =
            new LineOrder(
                    Set.of("variant", "repetition", "line_number"),
                    Comparator.comparing((JsonNode n) -> n.path("variant").asText())
                            .thenComparingInt(n -> n.path("repetition").asInt())
                            .thenComparingLong(n -> n.path("line_number").asLong()));

    public static final LineOrder BY_LINE =
            new LineOrder(
                    Set.of("line_number"),
                    Comparator.comparingLong(n -> n.path("line_number").asLong()));

    /**
     * A scratch folder a job may still be writing into as it shuts down (its checkpoints): removed
     * with a few tries a moment apart; false, and left, when it still cannot be. Never fails a run
     * that has ended.
     */
    public static boolean deleteScratch(Path dir) {
        for (int attempt = 0; ; attempt++) {
            try {
                deleteTree(dir);
                return true;
            } catch (UncheckedIOException stillWritten) {
                // a job still writing into it: tried again a moment later, or left (false)
                if (attempt == SCRATCH_ATTEMPTS - 1 || !Backoff.paused(SCRATCH_PAUSE_MS))
                    return false;
            }
        }
    }

    static final int SCRATCH_ATTEMPTS = 5;
    static final long SCRATCH_PAUSE_MS = 200;

    public static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }
}
