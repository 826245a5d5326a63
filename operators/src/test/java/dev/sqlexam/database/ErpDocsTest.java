package dev.sqlexam.database;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The ERP's per-table documentation follows the doc-RAG format of seed 001. */
class ErpDocsTest {

    private static final List<String> SECTIONS =
            List.of(
                    "## Purpose",
                    "## Business Context",
                    "## Columns",
                    "## Common Queries",
                    "## Relationships",
                    "## Examples",
                    "## Notes");

    @Test
    void atLeastFortyTablesAreDocumentedInTheSeedFormat() throws Exception {
        Path docs = TestDatabase.migrationsDir().resolve("erp/docs");
        JsonNode mapping =
                Json.MAPPER.readTree(
                        TestDatabase.migrationsDir().resolve("erp/module_mapping.json").toFile());
        Set<String> tables = new HashSet<>();
        mapping.get("tables").fieldNames().forEachRemaining(tables::add);
        List<Path> files;
        try (Stream<Path> list = Files.list(docs)) {
            files =
                    list.filter(
                                    p ->
                                            p.getFileName().toString().endsWith(".md")
                                                    && !p.getFileName().toString().startsWith("_"))
                            .toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(40);
        for (Path f : files) {
            String table = f.getFileName().toString().replace(".md", "");
            String text = Files.readString(f);
            assertThat(tables).as("doc for a real table").contains(table);
            assertThat(text).as(table).startsWith("# Table: " + table + "\n");
            for (String section : SECTIONS)
                assertThat(text).as(table + " " + section).contains(section);
            assertThat(text).as(table + " columns").contains("- **Type:**");
        }
        assertThat(docs.resolve("_index.md")).exists();
        assertThat(Files.readString(docs.resolve("sales_regions.md"))).contains("states_provinces");
    }
}
