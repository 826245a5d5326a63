package dev.sqlexam.schema;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Decides each table's module: from a mapping file (by table name, so schema copies inherit it),
 * else from a module-name prefix of the table name, else from the schema name when the database has
 * several schemas, else {@code default}. Also carries module descriptions and routing keywords.
 */
public final class ModuleAssigner implements Serializable {

    public static final String DEFAULT_MODULE = "default";

    private final Map<String, String> tableModules;
    private final Map<String, String> descriptions;
    private final Map<String, List<String>> keywords;

    private ModuleAssigner(
            Map<String, String> tableModules,
            Map<String, String> descriptions,
            Map<String, List<String>> keywords) {
        this.tableModules = tableModules;
        this.descriptions = descriptions;
        this.keywords = keywords;
    }

    public static ModuleAssigner none() {
        return new ModuleAssigner(Map.of(), Map.of(), Map.of());
    }

    /**
     * Reads a module_mapping.json: {"modules": {M: {description, tables, keywords}}, "tables": {t:
     * M}}.
     */
    public static ModuleAssigner fromFile(Path file) {
        try {
            JsonNode root = Json.MAPPER.readTree(file.toFile());
            Map<String, String> tables = new LinkedHashMap<>();
            root.path("tables")
                    .fields()
                    .forEachRemaining(e -> tables.put(e.getKey(), e.getValue().asText()));
            Map<String, String> descriptions = new LinkedHashMap<>();
            Map<String, List<String>> keywords = new LinkedHashMap<>();
            root.path("modules")
                    .fields()
                    .forEachRemaining(
                            e -> {
                                descriptions.put(
                                        e.getKey(),
                                        e.getValue().path("description").asText(e.getKey()));
                                List<String> words = new ArrayList<>();
                                e.getValue()
                                        .path("keywords")
                                        .forEach(
                                                k ->
                                                        words.add(
                                                                k.asText()
                                                                        .toLowerCase(Locale.ROOT)));
                                keywords.put(e.getKey(), words);
                                e.getValue()
                                        .path("tables")
                                        .forEach(t -> tables.putIfAbsent(t.asText(), e.getKey()));
                            });
            return new ModuleAssigner(tables, descriptions, keywords);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read module mapping " + file, e);
        }
    }

    /** The mapping file beside a database's migrations, if there is one. */
    public static ModuleAssigner forDatabase(Path migrationsDir, String database) {
        Path file = migrationsDir.resolve(database).resolve("module_mapping.json");
        if (!Files.isRegularFile(file) && database.endsWith("_large")) {
            file =
                    migrationsDir
                            .resolve(database.substring(0, database.length() - "_large".length()))
                            .resolve("module_mapping.json");
        }
        return Files.isRegularFile(file) ? fromFile(file) : none();
    }

    String moduleOf(TableInfo table) {
        String mapped = tableModules.get(table.name());
        if (mapped != null) return mapped;
        String lower = table.name().toLowerCase(Locale.ROOT);
        for (String module : descriptions.keySet()) {
            if (lower.startsWith(module.toLowerCase(Locale.ROOT).replace('-', '_') + "_"))
                return module;
        }
        return tableModules.isEmpty() && !"public".equals(table.schema())
                ? table.schema()
                : DEFAULT_MODULE;
    }

    public Map<String, String> descriptions() {
        return descriptions;
    }

    public Map<String, List<String>> keywords() {
        return keywords;
    }
}
