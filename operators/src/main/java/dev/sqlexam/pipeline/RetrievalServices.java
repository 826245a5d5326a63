package dev.sqlexam.pipeline;

import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalService;

import java.util.HashMap;
import java.util.Map;

/**
 * Builds the plain-Java retrieval services an operator instance uses: one store (its own small
 * pool), one service per variant.
 */
public final class RetrievalServices {

    private RetrievalServices() {}

    public static RagStore store(RetrievalSpec spec) {
        return RagStore.open(spec.state(), spec.connections());
    }

    public static RetrievalService service(RetrievalSpec spec, RagStore store) {
        return new RetrievalService(
                store,
                spec.embeddings().modelName(),
                spec.dimensions(),
                spec.config(),
                spec.migrations().path());
    }

    /**
     * One service per variant over a shared store (the variants' state database and connections are
     * the job's).
     */
    public static Map<String, RetrievalService> services(
            Variants<RetrievalSpec> specs, RagStore store) {
        Map<String, RetrievalService> out = new HashMap<>();
        for (String variant : specs.names()) out.put(variant, service(specs.get(variant), store));
        return out;
    }
}
