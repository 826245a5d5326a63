package dev.sqlexam.prompt;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Tables models commonly confuse (seed 004 §3c), from a per-database data file ({@code
 * migrations/<db>/confusable_tables.json}): a warning when the table is in play and the question
 * uses one of its trigger words.
 */
public final class ConfusableTables implements Serializable {

    /** One entry: the table, its trigger words, and the hint. */
    public record Entry(String table, List<String> triggers, String hint) implements Serializable {}

    private final List<Entry> entries;

    public ConfusableTables(List<Entry> entries) {
        this.entries = new ArrayList<>(entries);
    }

    public static ConfusableTables none() {
        return new ConfusableTables(List.of());
    }

    public static ConfusableTables forDatabase(Path migrationsDir, String database) {
        Path file = migrationsDir.resolve(database).resolve("confusable_tables.json");
        if (!Files.isRegularFile(file)) return none();
        try {
            List<Entry> entries = new ArrayList<>();
            for (JsonNode n : Json.MAPPER.readTree(file.toFile())) {
                List<String> triggers = new ArrayList<>();
                n.path("triggers").forEach(t -> triggers.add(t.asText().toLowerCase(Locale.ROOT)));
                entries.add(new Entry(n.path("table").asText(), triggers, n.path("hint").asText()));
            }
            return new ConfusableTables(entries);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public List<String> warnings(String question, Collection<String> tablesInPlay) {
        String q = question == null ? "" : question.toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        for (Entry e : entries) {
            if (!tablesInPlay.contains(e.table())) continue;
            boolean triggered =
                    e.triggers().stream()
                            .anyMatch(
                                    t ->
                                            Pattern.compile("\\b" + Pattern.quote(t) + "\\b")
                                                    .matcher(q)
                                                    .find());
            if (triggered) out.add(e.table() + ": " + e.hint());
        }
        return out;
    }
}
