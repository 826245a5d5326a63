package dev.sqlexam.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sqlexam.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Turns the file sink's committed part files into one JSONL file, ordered for reading. */
final class RunOutputs {

    private RunOutputs() {}

    /** Merges committed parts (in-progress and hidden files are not committed) and returns the line count. */
    static long merge(Path partsDir, Path target, Comparator<JsonNode> order) {
        List<JsonNode> rows = new ArrayList<>();
        if (Files.isDirectory(partsDir)) {
            try (Stream<Path> files = Files.list(partsDir)) {
                for (Path part : files.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList()) {
                    for (String line : Files.readAllLines(part, StandardCharsets.UTF_8)) {
                        if (!line.isBlank()) rows.add(Json.MAPPER.readTree(line));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot merge " + partsDir, e);
            }
        }
        rows.sort(order);
        try {
            Files.createDirectories(target.getParent());
            List<String> lines = rows.stream().map(JsonNode::toString).toList();
            Files.write(target, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
        return rows.size();
    }

    static final Comparator<JsonNode> BY_RUN_AND_LINE = Comparator
            .comparing((JsonNode n) -> n.path("variant").asText())
            .thenComparingInt(n -> n.path("repetition").asInt())
            .thenComparingLong(n -> n.path("line_number").asLong());

    static final Comparator<JsonNode> BY_LINE = Comparator.comparingLong(n -> n.path("line_number").asLong());

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }
}
