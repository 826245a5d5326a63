package dev.sqlexam.config;

import static dev.sqlexam.config.OptionRegistry.bounded;
import static dev.sqlexam.config.OptionRegistry.own;
import static dev.sqlexam.config.OptionRegistry.register;

/**
 * Schema retrieval: the embedding model, the index, search, fusion and the retrieval packet. Part
 * of {@link SqlExamOptions}, the one registry.
 */
public interface RetrievalOptions {
    Option<Choices.EmbeddingProvider> EMBEDDING_PROVIDER =
            register(
                    new Option<>(
                            "embedding_provider",
                            "SQLEXAM_EMBEDDING_PROVIDER",
                            Choices.EmbeddingProvider.class,
                            Choices.EmbeddingProvider.ONNX,
                            "Embedding model: onnx (bge-small-en-v1.5, in process, 384 dims) or ollama (/api/embed).",
                            Option.Step.EMBED,
                            true,
                            false,
                            Choices.words(Choices.EmbeddingProvider.class)));
    Option<Integer> EMBEDDING_THREADS =
            bounded(
                    own(
                            "embedding_threads",
                            "SQLEXAM_EMBEDDING_THREADS",
                            Integer.class,
                            0,
                            "Threads of each in-process (onnx) embedding call; 0: the cores divided by the parallelism (the parallel subtasks fill the "
                                    + "cores; the vectors are the same whatever the count).",
                            Option.Step.EMBED),
                    0,
                    64);
    Option<Boolean> QUESTION_VECTOR_CACHE =
            own(
                    "question_vector_cache",
                    "SQLEXAM_QUESTION_VECTOR_CACHE",
                    Boolean.class,
                    true,
                    "Keep each question's vector of the in-process (onnx) model in sqlexam's database (rag.question_vectors, by the model, "
                            + "its artifact's version and the text's SHA-256) and take it from there when a later run asks the same text, "
                            + "instead of embedding it again: the vector read is the one kept, bit for bit. An Ollama model's vectors are "
                            + "never kept (its weights can change behind its name). false: every run embeds its questions and keeps nothing.",
                    Option.Step.EMBED);
    Option<String> OLLAMA_URL =
            own(
                    "ollama_url",
                    "SQLEXAM_OLLAMA_URL",
                    String.class,
                    "http://127.0.0.1:11434",
                    "Ollama server for the ollama embedding provider.",
                    Option.Step.EMBED);
    Option<String> OLLAMA_EMBED_MODEL =
            own(
                    "ollama_embed_model",
                    "SQLEXAM_OLLAMA_EMBED_MODEL",
                    String.class,
                    "nomic-embed-text",
                    "Ollama embedding model (768 dims for nomic-embed-text).",
                    Option.Step.EMBED);
    Option<Integer> V1_TOP_K =
            bounded(
                    own(
                            "v1_top_k",
                            "SQLEXAM_V1_TOP_K",
                            Integer.class,
                            15,
                            "V1: tables taken from each of cosine and full-text search before fusion.",
                            Option.Step.RETRIEVE),
                    1,
                    null);
    Option<Integer> V1_MAX_TABLES =
            own(
                    "v1_max_tables",
                    "SQLEXAM_V1_MAX_TABLES",
                    Integer.class,
                    5,
                    "V1: tables kept after reciprocal rank fusion (before FK expansion).",
                    Option.Step.RETRIEVE);
    Option<Integer> RRF_K =
            bounded(
                    own(
                            "rrf_k",
                            "SQLEXAM_RRF_K",
                            Integer.class,
                            60,
                            "Reciprocal rank fusion constant: score = sum of 1/(k + rank).",
                            Option.Step.RETRIEVE),
                    1,
                    null);
    Option<Integer> FK_EXPANSION_LIMIT =
            own(
                    "fk_expansion_limit",
                    "SQLEXAM_FK_EXPANSION_LIMIT",
                    Integer.class,
                    3,
                    "V1: tables FK expansion may add.",
                    Option.Step.RETRIEVE);
    Option<Integer> HUB_FK_CAP =
            own(
                    "hub_fk_cap",
                    "SQLEXAM_HUB_FK_CAP",
                    Integer.class,
                    12,
                    "V1: a table with more foreign-key neighbours than this is not expanded from (a hub).",
                    Option.Step.RETRIEVE);
    Option<Integer> TABLE_TOP_K =
            bounded(
                    own(
                            "table_top_k",
                            "SQLEXAM_TABLE_TOP_K",
                            Integer.class,
                            15,
                            "V2 tableTopK.",
                            Option.Step.RETRIEVE),
                    1,
                    null);
    Option<Double> TABLE_THRESHOLD =
            own(
                    "table_threshold",
                    "SQLEXAM_TABLE_THRESHOLD",
                    Double.class,
                    0.20,
                    "V2 tableThreshold: minimum cosine similarity for tables.",
                    Option.Step.RETRIEVE);
    Option<Integer> COLUMN_TOP_K =
            bounded(
                    own(
                            "column_top_k",
                            "SQLEXAM_COLUMN_TOP_K",
                            Integer.class,
                            50,
                            "V2 columnTopK.",
                            Option.Step.RETRIEVE),
                    1,
                    null);
    Option<Double> COLUMN_THRESHOLD =
            own(
                    "column_threshold",
                    "SQLEXAM_COLUMN_THRESHOLD",
                    Double.class,
                    0.18,
                    "V2 columnThreshold.",
                    Option.Step.RETRIEVE);
    Option<Double> TABLE_WEIGHT =
            own(
                    "table_weight",
                    "SQLEXAM_TABLE_WEIGHT",
                    Double.class,
                    0.6,
                    "V2 score fusion: weight of the table score.",
                    Option.Step.RETRIEVE);
    Option<Double> COLUMN_WEIGHT =
            own(
                    "column_weight",
                    "SQLEXAM_COLUMN_WEIGHT",
                    Double.class,
                    0.4,
                    "V2 score fusion: weight of the column score.",
                    Option.Step.RETRIEVE);
    Option<Double> GENERIC_DOWNWEIGHT =
            own(
                    "generic_downweight",
                    "SQLEXAM_GENERIC_DOWNWEIGHT",
                    Double.class,
                    0.7,
                    "V2: multiplier for generic columns (id, status, ...).",
                    Option.Step.RETRIEVE);
    Option<Integer> MAX_TABLES =
            own(
                    "max_tables",
                    "SQLEXAM_MAX_TABLES",
                    Integer.class,
                    10,
                    "V2 maxTables after fusion.",
                    Option.Step.RETRIEVE);
    Option<Integer> FK_EXPANSION_CAP =
            own(
                    "fk_expansion_cap",
                    "SQLEXAM_FK_EXPANSION_CAP",
                    Integer.class,
                    3,
                    "V2 fkExpansionCap.",
                    Option.Step.RETRIEVE);
    Option<Double> FK_EVIDENCE_THRESHOLD =
            own(
                    "fk_evidence_threshold",
                    "SQLEXAM_FK_EVIDENCE_THRESHOLD",
                    Double.class,
                    0.20,
                    "V2 fkEvidenceThreshold.",
                    Option.Step.RETRIEVE);
    Option<Integer> FK_EVIDENCE_TOP_K =
            bounded(
                    own(
                            "fk_evidence_top_k",
                            "SQLEXAM_FK_EVIDENCE_TOP_K",
                            Integer.class,
                            20,
                            "V2 fkEvidenceTopK.",
                            Option.Step.RETRIEVE),
                    1,
                    null);
    Option<Integer> FINAL_MAX_TABLES =
            own(
                    "final_max_tables",
                    "SQLEXAM_FINAL_MAX_TABLES",
                    Integer.class,
                    12,
                    "V2 finalMaxTables after FK expansion.",
                    Option.Step.RETRIEVE);
    Option<Double> MODULE_ROUTER_THRESHOLD =
            own(
                    "module_router_threshold",
                    "SQLEXAM_MODULE_ROUTER_THRESHOLD",
                    Double.class,
                    0.55,
                    "Minimum cosine similarity of question and module description for embedding routing.",
                    Option.Step.ROUTE);
    Option<Integer> MODULE_ROUTER_MAX =
            own(
                    "module_router_max",
                    "SQLEXAM_MODULE_ROUTER_MAX",
                    Integer.class,
                    3,
                    "Most modules a question is routed to.",
                    Option.Step.ROUTE);
}
