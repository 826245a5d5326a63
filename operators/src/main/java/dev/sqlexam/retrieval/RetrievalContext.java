package dev.sqlexam.retrieval;

import dev.sqlexam.model.PacketTable;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** What a retriever works with for one database: the catalog, the model and the config. */
public record RetrievalContext(
        SchemaCatalog catalog, String model, int dimensions, RetrievalConfig config) {

    Set<String> publicTables() {
        return catalog.tables().keySet().stream()
                .filter(t -> !t.contains("."))
                .collect(Collectors.toSet());
    }

    /** Schemas (other than public) the question names; their shadowed tables become searchable. */
    List<String> namedSchemas(String question) {
        String q = question == null ? "" : question.toLowerCase(Locale.ROOT);
        return catalog.tables().keySet().stream()
                .filter(t -> t.contains("."))
                .map(t -> t.substring(0, t.lastIndexOf('.')).replace("\"", ""))
                .distinct()
                .filter(s -> q.contains(s.toLowerCase(Locale.ROOT)))
                .toList();
    }

    String module(String table) {
        RagStore.StoredTable t = catalog.tables().get(table);
        return t == null ? null : t.module();
    }

    String mSchema(String table) {
        RagStore.StoredTable t = catalog.tables().get(table);
        return t == null ? table : t.mSchema();
    }

    /** The table as a packet entry: its module and M-Schema, the score and how it was found. */
    PacketTable packetTable(String table, double score, String source) {
        return new PacketTable(table, module(table), mSchema(table), score, source);
    }
}
