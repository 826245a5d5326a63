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
        return of("none", null).route("none", null, Map.of()).doc("none", null, List.of()).build();
    }

    public static RetrievalTrace failed(String error) {
        return of("none", null)
                .route("none", null, Map.of())
                .doc("none", error, List.of())
                .error(error)
                .build();
    }

    /**
     * Builds the trace of a retrieval by {@code strategy} with {@code retriever}'s tables: null,
     * empty or 0 where not set.
     */
    public static Builder of(String strategy, String retriever) {
        return new Builder(strategy, retriever);
    }

    /** Builds a {@link RetrievalTrace} by its fields' names. */
    public static final class Builder {
        private final String strategy;
        private final String retriever;
        private String routeMethod;
        private List<String> modules;
        private Map<String, Double> moduleConfidences = Map.of();
        private List<String> tables = List.of();
        private List<String> sources = List.of();
        private List<String> v1Tables = List.of();
        private RetrievalScores v1;
        private RetrievalMetrics v1Metrics;
        private List<String> v2Tables = List.of();
        private RetrievalScores v2;
        private RetrievalMetrics v2Metrics;
        private String docStrategy;
        private String docReason;
        private List<String> docTables = List.of();
        private long retrieveMicros;
        private String error;

        private Builder(String strategy, String retriever) {
            this.strategy = strategy;
            this.retriever = retriever;
        }

        public Builder route(String method, List<String> modules, Map<String, Double> confidences) {
            routeMethod = method;
            this.modules = modules;
            moduleConfidences = confidences;
            return this;
        }

        public Builder tables(List<String> value) {
            tables = value;
            return this;
        }

        public Builder sources(List<String> value) {
            sources = value;
            return this;
        }

        public Builder v1(List<String> tables, RetrievalScores scores, RetrievalMetrics metrics) {
            v1Tables = tables;
            v1 = scores;
            v1Metrics = metrics;
            return this;
        }

        public Builder v2(List<String> tables, RetrievalScores scores, RetrievalMetrics metrics) {
            v2Tables = tables;
            v2 = scores;
            v2Metrics = metrics;
            return this;
        }

        public Builder doc(String strategy, String reason, List<String> tables) {
            docStrategy = strategy;
            docReason = reason;
            docTables = tables;
            return this;
        }

        public Builder retrieveMicros(long value) {
            retrieveMicros = value;
            return this;
        }

        public Builder error(String value) {
            error = value;
            return this;
        }

        public RetrievalTrace build() {
            return new RetrievalTrace(
                    strategy,
                    retriever,
                    routeMethod,
                    modules,
                    moduleConfidences,
                    tables,
                    sources,
                    v1Tables,
                    v1,
                    v1Metrics,
                    v2Tables,
                    v2,
                    v2Metrics,
                    docStrategy,
                    docReason,
                    docTables,
                    0,
                    0,
                    retrieveMicros,
                    error);
        }
    }
}
