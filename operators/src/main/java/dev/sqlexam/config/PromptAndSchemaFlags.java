package dev.sqlexam.config;

import static dev.sqlexam.config.OptionRegistry.bounded;
import static dev.sqlexam.config.OptionRegistry.own;
import static dev.sqlexam.config.OptionRegistry.register;
import static dev.sqlexam.config.OptionRegistry.seedInEffect;

/**
 * The seed's feature flags for the prompt, the schema linker, the join planner and retrieval
 * (002/004 feature flag tables, 000 and 001 configuration). Part of {@link SqlExamOptions}, the one
 * registry.
 */
public interface PromptAndSchemaFlags {
    Option<Boolean> SCHEMA_GLOSSES_ENABLED =
            seedInEffect(
                    "SCHEMA_GLOSSES_ENABLED",
                    Boolean.class,
                    true,
                    "Column description enrichment.",
                    Option.Step.PROMPT);
    Option<Boolean> PG_NORMALIZE_ENABLED =
            seedInEffect(
                    "PG_NORMALIZE_ENABLED",
                    Boolean.class,
                    true,
                    "PostgreSQL dialect normalization in repair: 24 transforms, string literals untouched.",
                    Option.Step.REPAIR);
    Option<String> PG_NORMALIZE_DIVISION_PATTERN =
            own(
                    "pg_normalize_division_pattern",
                    "SQLEXAM_PG_NORMALIZE_DIVISION_PATTERN",
                    String.class,
                    "div_\\d+",
                    "Values whose equality filters PG normalization strips as division scoping; blank: none.",
                    Option.Step.REPAIR);
    Option<Integer> REPAIR_MAX_ATTEMPTS =
            own(
                    "repair_max_attempts",
                    "SQLEXAM_REPAIR_MAX_ATTEMPTS",
                    Integer.class,
                    3,
                    "Repair attempts per question; 0 turns repair off.",
                    Option.Step.REPAIR);
    Option<Boolean> SCHEMA_LINKER_ENABLED =
            seedInEffect(
                    "SCHEMA_LINKER_ENABLED",
                    Boolean.class,
                    false,
                    "Keyphrase to column grounding.",
                    Option.Step.PROMPT);
    Option<Boolean> JOIN_PLANNER_ENABLED =
            seedInEffect(
                    "JOIN_PLANNER_ENABLED",
                    Boolean.class,
                    false,
                    "FK graph join planning.",
                    Option.Step.PROMPT);
    Option<Boolean> FK_SUBGRAPH_CACHE_ENABLED =
            seedInEffect(
                    "FK_SUBGRAPH_CACHE_ENABLED",
                    Boolean.class,
                    true,
                    "Join planner: FK subgraph cache.",
                    Option.Step.PROMPT);
    Option<Boolean> DYNAMIC_HUB_CAP_ENABLED =
            seedInEffect(
                    "DYNAMIC_HUB_CAP_ENABLED",
                    Boolean.class,
                    true,
                    "Join planner: dynamic hub cap.",
                    Option.Step.PROMPT);
    Option<Boolean> JOIN_PATH_SCORING_ENABLED =
            seedInEffect(
                    "JOIN_PATH_SCORING_ENABLED",
                    Boolean.class,
                    true,
                    "Join planner: path scoring.",
                    Option.Step.PROMPT);
    Option<Boolean> CROSS_MODULE_JOIN_ENABLED =
            seedInEffect(
                    "CROSS_MODULE_JOIN_ENABLED",
                    Boolean.class,
                    true,
                    "Join planner: cross-module bridge tables.",
                    Option.Step.PROMPT);
    Option<Choices.JoinHints> JOIN_HINT_FORMAT =
            register(
                    new Option<>(
                            "JOIN_HINT_FORMAT",
                            "JOIN_HINT_FORMAT",
                            Choices.JoinHints.class,
                            Choices.JoinHints.EDGES,
                            "Join hints in the prompt: FK edges, planned paths (needs JOIN_PLANNER_ENABLED), both, none.",
                            Option.Step.PROMPT,
                            true,
                            false,
                            Choices.words(Choices.JoinHints.class)));
    Option<Boolean> BM25_SEARCH_ENABLED =
            seedInEffect(
                    "BM25_SEARCH_ENABLED",
                    Boolean.class,
                    true,
                    "Full-text search fused with cosine by RRF.",
                    Option.Step.RETRIEVE);
    Option<Boolean> MODULE_ROUTER_ENABLED =
            seedInEffect(
                    "MODULE_ROUTER_ENABLED",
                    Boolean.class,
                    true,
                    "Module routing before retrieval.",
                    Option.Step.ROUTE);
    Option<Boolean> USE_SCHEMA_RAG_V2 =
            seedInEffect(
                    "USE_SCHEMA_RAG_V2",
                    Boolean.class,
                    false,
                    "Dual table+column retrieval with score fusion.",
                    Option.Step.RETRIEVE);
    Option<Boolean> ENABLE_DOC_RETRIEVAL =
            seedInEffect(
                    "ENABLE_DOC_RETRIEVAL",
                    Boolean.class,
                    true,
                    "Schema documentation RAG.",
                    Option.Step.RETRIEVE);
    Option<Integer> DOC_RETRIEVAL_TOP_K =
            bounded(
                    seedInEffect(
                            "DOC_RETRIEVAL_TOP_K",
                            Integer.class,
                            5,
                            "Doc-RAG chunks kept.",
                            Option.Step.RETRIEVE),
                    1,
                    null);
    Option<Double> DOC_RELEVANCE_THRESHOLD =
            seedInEffect(
                    "DOC_RELEVANCE_THRESHOLD",
                    Double.class,
                    0.3,
                    "Doc-RAG relevance threshold.",
                    Option.Step.RETRIEVE);
    Option<Integer> RETRIEVAL_TABLE_THRESHOLD =
            seedInEffect(
                    "RETRIEVAL_TABLE_THRESHOLD",
                    Integer.class,
                    10,
                    "Below this many tables the full schema is used.",
                    Option.Step.RETRIEVE);
    Option<Boolean> COLUMN_PRUNING_ENABLED =
            seedInEffect(
                    "COLUMN_PRUNING_ENABLED",
                    Boolean.class,
                    false,
                    "Column trimming per table: PK/FK, FK targets and linked columns stay, plus the first 5 others by ordinal.",
                    Option.Step.PROMPT);
    Option<Boolean> PRE_SQL_ENABLED =
            seedInEffect(
                    "PRE_SQL_ENABLED",
                    Boolean.class,
                    false,
                    "Pre-SQL backward recall: a model's sketch SQL names tables retrieval missed; they join the packet before generation.",
                    Option.Step.PROMPT);
}
