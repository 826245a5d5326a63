package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the exam log keeps about a question's retrieval: route, both retrievers, scores, docs.
 */
public record RetrievalTrace(
        String strategy,
        String retriever,
        String routeMethod,
        List<String> modules,
        Map<String, Double> moduleConfidences,
        List<String> tables,
        List<String> sources,
        List<String> v1Tables,
        RetrievalScores v1,
        RetrievalMetrics v1Metrics,
        List<String> v2Tables,
        RetrievalScores v2,
        RetrievalMetrics v2Metrics,
        String docStrategy,
        String docReason,
        List<String> docTables,
        long embedMicros,
        long routeMicros,
        long retrieveMicros,
        String error)
        implements Serializable {

    public RetrievalTrace {
        modules = modules == null ? null : new ArrayList<>(modules);
        moduleConfidences = new LinkedHashMap<>(moduleConfidences);
        tables = new ArrayList<>(tables);
        sources = new ArrayList<>(sources);
        v1Tables = new ArrayList<>(v1Tables);
        v2Tables = new ArrayList<>(v2Tables);
        docTables = new ArrayList<>(docTables);
    }

    /** No retrieval was asked for (its reason in the stage trace): nothing failed. */
    public static RetrievalTrace none() {
        return new RetrievalTrace(
                "none", null, "none", null, Map.of(), List.of(), List.of(), List.of(), null, null,
                List.of(), null, null, "none", null, List.of(), 0, 0, 0, null);
    }

    public static RetrievalTrace failed(String error) {
        return new RetrievalTrace(
                "none", null, "none", null, Map.of(), List.of(), List.of(), List.of(), null, null,
                List.of(), null, null, "none", error, List.of(), 0, 0, 0, error);
    }
}
