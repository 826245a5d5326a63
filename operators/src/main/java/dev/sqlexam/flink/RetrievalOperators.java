package dev.sqlexam.flink;

import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalService;
import java.nio.file.Path;

/** Builds the plain-Java retrieval service an operator instance uses (its own small pool). */
final class RetrievalOperators {

    private RetrievalOperators() {}

    static RagStore store(RetrievalSpec spec) {
        return new RagStore(new PooledConnections(spec.admin(), RagStore.SESSION_INIT, false, spec.connections()), spec.controlDb());
    }

    static RetrievalService service(RetrievalSpec spec, RagStore store) {
        return new RetrievalService(store, spec.embeddings().modelName(), spec.dimensions(), spec.config(), Path.of(spec.migrationsDir()));
    }
}
