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
}
