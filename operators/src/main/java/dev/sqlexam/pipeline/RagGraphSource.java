package dev.sqlexam.pipeline;

import dev.sqlexam.prompt.FkGraph;
import dev.sqlexam.retrieval.RagStore;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/** The FK subgraph from the rag schema: the database's tables (with modules) and foreign keys. */
public final class RagGraphSource implements GraphSource {

    private final RetrievalSpec spec;
    private transient RagStore store;

    public RagGraphSource(RetrievalSpec spec) {
        this.spec = spec;
    }

    @Override
    public void open() {
        store = RetrievalServices.store(spec);
    }

    @Override
    public FkGraph graph(String database, List<String> modules) throws Exception {
        Map<String, String> tableModules = new HashMap<>();
        store.tables(database, spec.embeddings().modelName())
                .forEach((t, st) -> tableModules.put(t, st.module()));
        return FkGraph.of(
                tableModules,
                store.foreignKeys(database),
                modules == null || modules.isEmpty() ? null : new HashSet<>(modules));
    }

    @Override
    public void close() {
        if (store != null) store.close();
    }
}
