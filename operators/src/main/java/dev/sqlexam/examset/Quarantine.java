package dev.sqlexam.examset;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The questions an import left out of an exam set: {@code <set>.quarantine.jsonl} beside it, each
 * line the question's exam-set line (with its {@code source_index}) and its {@code
 * quarantine_reasons}.
 */
public final class Quarantine {

    /**
     * One question left out: its id, database, position in the source file (null: not recorded) and
     * why.
     */
    public record Entry(String id, String db, Integer sourceIndex, List<String> reasons)
            implements Serializable {

        public Entry {
            reasons = List.copyOf(reasons);
        }
    }

    private Quarantine() {}

    /** Where the import of {@code examSet} puts its quarantined questions. */
    public static Path fileFor(Path examSet) {
        return examSet.resolveSibling(
                examSet.getFileName().toString().replaceAll("\\.jsonl$", "") + ".quarantine.jsonl");
    }

    /**
     * The questions quarantined when {@code examSet} was imported; none when no quarantine file is
     * beside it.
     */
    public static List<Entry> of(Path examSet) {
        Path file = fileFor(examSet);
        return Files.isRegularFile(file) ? read(file) : List.of();
    }

    public static List<Entry> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the quarantine file " + file, e);
        }
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            try {
                out.add(entry(i + 1, Json.MAPPER.readTree(lines.get(i))));
            } catch (IOException | JsonFields.Invalid e) {
                throw new IllegalArgumentException(
                        "line "
                                + (i + 1)
                                + " of the quarantine file "
                                + file
                                + " is unusable: "
                                + e.getMessage(),
                        e);
            }
        }
        return out;
    }

    private static Entry entry(long lineNumber, JsonNode node) throws JsonFields.Invalid {
        if (node == null || !node.isObject()) throw new JsonFields.Invalid("not a JSON object");
        String id = JsonFields.optionalText(node, "id");
        Long index = JsonFields.optionalCount(node, "source_index");
        if (index != null && index > Integer.MAX_VALUE)
            throw new JsonFields.Invalid("field 'source_index' is too large");
        return new Entry(
                id != null ? id : "line-" + lineNumber,
                JsonFields.optionalText(node, "db"),
                index == null ? null : index.intValue(),
                JsonFields.textList(node, "quarantine_reasons"));
    }
}
