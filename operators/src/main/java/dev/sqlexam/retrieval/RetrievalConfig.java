package dev.sqlexam.retrieval;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import java.io.Serializable;

/**
 * Every retrieval parameter, with the seeds' defaults (V2: DEFAULT_RETRIEVAL_CONFIG_V2 of seed
 * 000): which retriever runs, below how many tables the whole schema is given instead, and each
 * stage's own parameters.
 */
public record RetrievalConfig(
        boolean useV2, int fullSchemaBelowTables, ModuleRouter router, V1 v1, V2 v2, Docs docs)
        implements Serializable {

    /**
     * Whether the question's modules narrow the search: modules scoring {@code threshold}, at most
     * {@code max}.
     */
    public record ModuleRouter(boolean enabled, double threshold, int max)
            implements Serializable {}

    /**
     * V1: cosine (and, when {@code bm25}, full-text) top-K searches fused by RRF, then tables along
     * foreign keys, hubs of more than {@code hubFkCap} keys skipped.
     */
    public record V1(
            boolean bm25, int topK, int maxTables, int rrfK, int fkExpansionLimit, int hubFkCap)
            implements Serializable {}

    /**
     * V2: table and column searches, each cut at its top-K and threshold, fused into table scores,
     * the best {@code maxTables} kept, then expanded along foreign keys up to {@code
     * finalMaxTables}.
     */
    public record V2(
            int tableTopK,
            double tableThreshold,
            int columnTopK,
            double columnThreshold,
            Fusion fusion,
            int maxTables,
            FkExpansion fkExpansion,
            int finalMaxTables)
            implements Serializable {}

    /**
     * How a table's own score and its columns' scores weigh in its fused score; generic columns
     * count {@code genericDownweight} as much.
     */
    public record Fusion(double tableWeight, double columnWeight, double genericDownweight)
            implements Serializable {}

    /**
     * V2's expansion along foreign keys: at most {@code cap} tables added, reached from the {@code
     * evidenceTopK} ranked tables scoring at least {@code evidenceThreshold}.
     */
    public record FkExpansion(int cap, double evidenceThreshold, int evidenceTopK)
            implements Serializable {}

    /**
     * Documentation retrieval: the {@code topK} chunks scoring {@code relevanceThreshold} of the
     * best.
     */
    public record Docs(boolean enabled, int topK, double relevanceThreshold)
            implements Serializable {}

    public static RetrievalConfig from(Settings s) {
        return new RetrievalConfig(
                s.get(SqlExamOptions.USE_SCHEMA_RAG_V2),
                s.get(SqlExamOptions.RETRIEVAL_TABLE_THRESHOLD),
                new ModuleRouter(
                        s.get(SqlExamOptions.MODULE_ROUTER_ENABLED),
                        s.get(SqlExamOptions.MODULE_ROUTER_THRESHOLD),
                        s.get(SqlExamOptions.MODULE_ROUTER_MAX)),
                new V1(
                        s.get(SqlExamOptions.BM25_SEARCH_ENABLED),
                        s.get(SqlExamOptions.V1_TOP_K),
                        s.get(SqlExamOptions.V1_MAX_TABLES),
                        s.get(SqlExamOptions.RRF_K),
                        s.get(SqlExamOptions.FK_EXPANSION_LIMIT),
                        s.get(SqlExamOptions.HUB_FK_CAP)),
                new V2(
                        s.get(SqlExamOptions.TABLE_TOP_K),
                        s.get(SqlExamOptions.TABLE_THRESHOLD),
                        s.get(SqlExamOptions.COLUMN_TOP_K),
                        s.get(SqlExamOptions.COLUMN_THRESHOLD),
                        new Fusion(
                                s.get(SqlExamOptions.TABLE_WEIGHT),
                                s.get(SqlExamOptions.COLUMN_WEIGHT),
                                s.get(SqlExamOptions.GENERIC_DOWNWEIGHT)),
                        s.get(SqlExamOptions.MAX_TABLES),
                        new FkExpansion(
                                s.get(SqlExamOptions.FK_EXPANSION_CAP),
                                s.get(SqlExamOptions.FK_EVIDENCE_THRESHOLD),
                                s.get(SqlExamOptions.FK_EVIDENCE_TOP_K)),
                        s.get(SqlExamOptions.FINAL_MAX_TABLES)),
                new Docs(
                        s.get(SqlExamOptions.ENABLE_DOC_RETRIEVAL),
                        s.get(SqlExamOptions.DOC_RETRIEVAL_TOP_K),
                        s.get(SqlExamOptions.DOC_RELEVANCE_THRESHOLD)));
    }

    public static RetrievalConfig defaults() {
        return from(Settings.defaults());
    }
}
