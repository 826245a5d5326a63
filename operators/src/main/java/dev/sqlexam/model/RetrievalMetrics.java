package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The per-retrieval metrics of seed 000 ("Metrics to Track"), plus timings. */
public record RetrievalMetrics(
        int tableRetrievalCount,
        List<String> tableSimilarities,
        int columnRetrievalCount,
        Map<String, Integer> columnHitsPerTable,
        int tablesFromTableRetrieval,
        int tablesFromColumnOnly,
        int textHits,
        int fkExpansionCandidates,
        int fkExpansionAdded,
        int fkExpansionBlockedNoEvidence,
        int finalTableCount,
        List<String> finalTables,
        Map<String, Long> timingsMicros)
        implements Serializable {

    public RetrievalMetrics {
        tableSimilarities = new ArrayList<>(tableSimilarities);
        columnHitsPerTable = new LinkedHashMap<>(columnHitsPerTable);
        finalTables = new ArrayList<>(finalTables);
        timingsMicros = new LinkedHashMap<>(timingsMicros);
    }

    /** Builds a retrieval's metrics: zero or empty where not set. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link RetrievalMetrics} by their fields' names. */
    public static final class Builder {
        private int tableRetrievalCount;
        private List<String> tableSimilarities = List.of();
        private int columnRetrievalCount;
        private Map<String, Integer> columnHitsPerTable = Map.of();
        private int tablesFromTableRetrieval;
        private int tablesFromColumnOnly;
        private int textHits;
        private int fkExpansionCandidates;
        private int fkExpansionAdded;
        private int fkExpansionBlockedNoEvidence;
        private int finalTableCount;
        private List<String> finalTables = List.of();
        private Map<String, Long> timingsMicros = Map.of();

        private Builder() {}

        public Builder tableRetrieval(int count, List<String> similarities) {
            tableRetrievalCount = count;
            tableSimilarities = similarities;
            return this;
        }

        public Builder columnRetrieval(int count, Map<String, Integer> hitsPerTable) {
            columnRetrievalCount = count;
            columnHitsPerTable = hitsPerTable;
            return this;
        }

        public Builder tablesFrom(int tableRetrieval, int columnOnly) {
            tablesFromTableRetrieval = tableRetrieval;
            tablesFromColumnOnly = columnOnly;
            return this;
        }

        public Builder textHits(int value) {
            textHits = value;
            return this;
        }

        public Builder fkExpansion(int candidates, int added, int blockedNoEvidence) {
            fkExpansionCandidates = candidates;
            fkExpansionAdded = added;
            fkExpansionBlockedNoEvidence = blockedNoEvidence;
            return this;
        }

        public Builder finalTables(int count, List<String> tables) {
            finalTableCount = count;
            finalTables = tables;
            return this;
        }

        public Builder timingsMicros(Map<String, Long> value) {
            timingsMicros = value;
            return this;
        }

        public RetrievalMetrics build() {
            return new RetrievalMetrics(
                    tableRetrievalCount,
                    tableSimilarities,
                    columnRetrievalCount,
                    columnHitsPerTable,
                    tablesFromTableRetrieval,
                    tablesFromColumnOnly,
                    textHits,
                    fkExpansionCandidates,
                    fkExpansionAdded,
                    fkExpansionBlockedNoEvidence,
                    finalTableCount,
                    finalTables,
                    timingsMicros);
        }
    }
}
