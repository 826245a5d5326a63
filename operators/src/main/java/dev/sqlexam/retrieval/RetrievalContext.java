package dev.sqlexam.retrieval;

import java.util.Set;
import java.util.stream.Collectors;

/** What a retriever works with for one database: the store, the catalog, the model and the config. */
public record RetrievalContext(RagStore store, SchemaCatalog catalog, String model, int dimensions, RetrievalConfig config) {

    Set<String> publicTables() {
        return catalog.tables().keySet().stream().filter(t -> !t.contains(".")).collect(Collectors.toSet());
    }

    String module(String table) {
        RagStore.StoredTable t = catalog.tables().get(table);
        return t == null ? null : t.module();
    }

    String mSchema(String table) {
        RagStore.StoredTable t = catalog.tables().get(table);
        return t == null ? table : t.mSchema();
    }
}
