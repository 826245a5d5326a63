package dev.sqlexam.retrieval;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import java.io.Serializable;

/**
 * Every retrieval parameter, with the seeds' defaults (V2: DEFAULT_RETRIEVAL_CONFIG_V2 of seed
 * 000).
 */
public record RetrievalConfig(
        boolean useV2,
        boolean bm25,
        boolean moduleRouter,
        int v1TopK,
        int v1MaxTables,
        int rrfK,
        int fkExpansionLimit,
        int hubFkCap,
        int tableTopK,
        double tableThreshold,
        int columnTopK,
        double columnThreshold,
        double tableWeight,
        double columnWeight,
        double genericDownweight,
        int maxTables,
        int fkExpansionCap,
        double fkEvidenceThreshold,
        int fkEvidenceTopK,
        int finalMaxTables,
        double routerThreshold,
        int routerMax,
        boolean docRetrieval,
        int docTopK,
        double docRelevanceThreshold,
        int fullSchemaBelowTables)
        implements Serializable {

    public static RetrievalConfig from(Settings s) {
        return new RetrievalConfig(
                s.get(SqlExamOptions.USE_SCHEMA_RAG_V2),
                s.get(SqlExamOptions.BM25_SEARCH_ENABLED),
                s.get(SqlExamOptions.MODULE_ROUTER_ENABLED),
                s.get(SqlExamOptions.V1_TOP_K),
                s.get(SqlExamOptions.V1_MAX_TABLES),
                s.get(SqlExamOptions.RRF_K),
                s.get(SqlExamOptions.FK_EXPANSION_LIMIT),
                s.get(SqlExamOptions.HUB_FK_CAP),
                s.get(SqlExamOptions.TABLE_TOP_K),
                s.get(SqlExamOptions.TABLE_THRESHOLD),
                s.get(SqlExamOptions.COLUMN_TOP_K),
                s.get(SqlExamOptions.COLUMN_THRESHOLD),
                s.get(SqlExamOptions.TABLE_WEIGHT),
                s.get(SqlExamOptions.COLUMN_WEIGHT),
                s.get(SqlExamOptions.GENERIC_DOWNWEIGHT),
                s.get(SqlExamOptions.MAX_TABLES),
                s.get(SqlExamOptions.FK_EXPANSION_CAP),
                s.get(SqlExamOptions.FK_EVIDENCE_THRESHOLD),
                s.get(SqlExamOptions.FK_EVIDENCE_TOP_K),
                s.get(SqlExamOptions.FINAL_MAX_TABLES),
                s.get(SqlExamOptions.MODULE_ROUTER_THRESHOLD),
                s.get(SqlExamOptions.MODULE_ROUTER_MAX),
                s.get(SqlExamOptions.ENABLE_DOC_RETRIEVAL),
                s.get(SqlExamOptions.DOC_RETRIEVAL_TOP_K),
                s.get(SqlExamOptions.DOC_RELEVANCE_THRESHOLD),
                s.get(SqlExamOptions.RETRIEVAL_TABLE_THRESHOLD));
    }

    public static RetrievalConfig defaults() {
        return from(Settings.defaults());
    }
}
