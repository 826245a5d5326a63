package dev.sqlexam.config;

import java.util.List;

import static dev.sqlexam.config.OptionRegistry.bounded;
import static dev.sqlexam.config.OptionRegistry.own;
import static dev.sqlexam.config.OptionRegistry.register;
import static dev.sqlexam.config.OptionRegistry.seedInEffect;

/**
 * Multi-candidate generation (seed 003), pass@k, execution fallbacks, test suites, grading time
 * limits, value verification, the surgical whitelist and exam logging. Part of {@link
 * SqlExamOptions}, the one registry.
 */
public interface CandidateAndGradingOptions {
    Option<Boolean> MULTI_CANDIDATE_ENABLED =
            seedInEffect(
                    "MULTI_CANDIDATE_ENABLED",
                    Boolean.class,
                    true,
                    "Multi-candidate generation.",
                    Option.Step.GENERATE);
    Option<Integer> MULTI_CANDIDATE_K =
            bounded(
                    seedInEffect(
                            "MULTI_CANDIDATE_K",
                            Integer.class,
                            4,
                            "Default K.",
                            Option.Step.GENERATE),
                    1,
                    null);
    Option<Integer> MULTI_CANDIDATE_K_EASY =
            bounded(
                    seedInEffect(
                            "MULTI_CANDIDATE_K_EASY",
                            Integer.class,
                            2,
                            "K for easy questions.",
                            Option.Step.GENERATE),
                    1,
                    null);
    Option<Integer> MULTI_CANDIDATE_K_HARD =
            bounded(
                    seedInEffect(
                            "MULTI_CANDIDATE_K_HARD",
                            Integer.class,
                            6,
                            "K for hard questions.",
                            Option.Step.GENERATE),
                    1,
                    null);
    Option<Long> MULTI_CANDIDATE_TIME_BUDGET_MS =
            bounded(
                    seedInEffect(
                            "MULTI_CANDIDATE_TIME_BUDGET_MS",
                            Long.class,
                            10_000L,
                            "Per-question generation time budget.",
                            Option.Step.GENERATE),
                    1,
                    null);
    Option<Long> MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS =
            bounded(
                    seedInEffect(
                            "MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS",
                            Long.class,
                            2_000L,
                            "Per-candidate EXPLAIN timeout.",
                            Option.Step.EVALUATE),
                    1,
                    null);
    Option<Boolean> CANDIDATE_RERANKER_ENABLED =
            seedInEffect(
                    "CANDIDATE_RERANKER_ENABLED",
                    Boolean.class,
                    true,
                    "Candidate reranking: schema adherence, FK join match, result shape.",
                    Option.Step.EVALUATE);
    Option<Boolean> PASS_AT_K =
            own(
                    "pass_at_k",
                    "SQLEXAM_PASS_AT_K",
                    Boolean.class,
                    true,
                    "Also run and grade every other candidate, for pass@K and the summary's funnel (costs K-1 extra read-only queries).",
                    Option.Step.GRADE);
    Option<Integer> EXECUTION_FALLBACKS =
            own(
                    "execution_fallbacks",
                    "SQLEXAM_EXECUTION_FALLBACKS",
                    Integer.class,
                    2,
                    "When the chosen SQL fails as it runs (22xxx, 21000, the server's timeout): divisors guarded with NULLIF on division by zero, "
                            + "then up to this many next-ranked candidates that passed their checks (0: none).",
                    Option.Step.GRADE);
    Option<Boolean> SELF_CHECK_RETRIEVAL =
            own(
                    "self_check_retrieval",
                    "SQLEXAM_SELF_CHECK_RETRIEVAL",
                    Boolean.class,
                    false,
                    "A gold self-check also indexes its databases and runs retrieval, generation and evaluation, for their figures (default: "
                            + "the golds are graded as a predictions file is, without the index).",
                    Option.Step.GRADE);
    Option<String> TEST_SUITE_SIZE =
            own(
                    "test_suite_size",
                    "SQLEXAM_TEST_SUITE_SIZE",
                    String.class,
                    "0",
                    "Test-suite grading: for each exam database, small fuzzed databases of its schema, distilled from a pool of candidates to "
                            + "tell each gold from its single-mutation neighbours and cached in sqlexam's own server; a prediction is correct only "
                            + "if it also matches its gold on every one where that gold is defined. N: up to N distilled, topped up to N; auto: "
                            + "until coverage stops growing (8 to 30); 0: off.",
                    Option.Step.GRADE);
    Option<String> TEST_SUITE_DIR =
            own(
                    "test_suite_dir",
                    "SQLEXAM_TEST_SUITE_DIR",
                    String.class,
                    "",
                    "Spider's official test-suite databases for questions on SQLite files: a folder of <db>/*.sqlite (as "
                            + "test-suite-sql-eval's --db takes it); each Spider prediction is also run with its gold on every "
                            + "*.sqlite of its database's folder, as that evaluator does, for Spider's TS figure "
                            + "(spider_ts_correct). Empty: off.",
                    Option.Step.GRADE);
    Option<Integer> TEST_SUITE_POOL =
            bounded(
                    own(
                            "test_suite_pool",
                            "SQLEXAM_TEST_SUITE_POOL",
                            Integer.class,
                            300,
                            "Test-suite grading: candidate databases tried at most per exam database before "
                                    + "distillation (the pool also stops when what it tells apart stops growing, or after 4 minutes).",
                            Option.Step.GRADE),
                    1,
                    null);
    Option<Long> TEST_SUITE_WITNESS_MS =
            bounded(
                    own(
                            "test_suite_witness_ms",
                            "SQLEXAM_TEST_SUITE_WITNESS_MS",
                            Long.class,
                            300L,
                            "Test-suite grading: how long the evidence of one overturned prediction may be shrunk to fewer rows (0: the rows of "
                                    + "the tables both queries read, as the suite database has them).",
                            Option.Step.GRADE),
                    0,
                    null);
    Option<Long> GRADE_TIMEOUT_BASE_MS =
            own(
                    "grade_timeout_base_ms",
                    "SQLEXAM_GRADE_TIMEOUT_BASE_MS",
                    Long.class,
                    30_000L,
                    "sqlexam grade: the gold queries' timeout, and the base of each prediction's (Spider test-suite style).",
                    Option.Step.GRADE);
    Option<Double> GRADE_TIMEOUT_GOLD_FACTOR =
            own(
                    "grade_timeout_gold_factor",
                    "SQLEXAM_GRADE_TIMEOUT_GOLD_FACTOR",
                    Double.class,
                    3.0,
                    "sqlexam grade: a prediction may run grade_timeout_base_ms + this × its gold's time (0: the base alone).",
                    Option.Step.GRADE);
    Option<Integer> EVIDENCE_ROWS =
            bounded(
                    own(
                            "evidence_rows",
                            "SQLEXAM_EVIDENCE_ROWS",
                            Integer.class,
                            5,
                            "A wrong prediction's record keeps this many first rows of the gold's result and of the prediction's, and the first row that tells them apart (0: none).",
                            Option.Step.GRADE),
                    0,
                    1000);
    Option<Integer> EVIDENCE_CELL_CHARS =
            bounded(
                    own(
                            "evidence_cell_chars",
                            "SQLEXAM_EVIDENCE_CELL_CHARS",
                            Integer.class,
                            80,
                            "A cell kept as evidence is cut after this many characters (marked with …).",
                            Option.Step.GRADE),
                    1,
                    100_000);
    Option<Integer> EVIDENCE_MAX_BYTES =
            bounded(
                    own(
                            "evidence_max_bytes",
                            "SQLEXAM_EVIDENCE_MAX_BYTES",
                            Integer.class,
                            4096,
                            "The evidence rows of one record take at most about this many bytes; rows past it are left out (truncated: true).",
                            Option.Step.GRADE),
                    256,
                    10_000_000);
    Option<Integer> MAX_CANDIDATES_TO_EXPLAIN =
            bounded(
                    own(
                            "max_candidates_to_explain",
                            "SQLEXAM_MAX_CANDIDATES_TO_EXPLAIN",
                            Integer.class,
                            4,
                            "How many candidates of a question are EXPLAINed at once.",
                            Option.Step.EVALUATE),
                    0,
                    null);
    Option<Boolean> VALUE_VERIFICATION_ENABLED =
            seedInEffect(
                    "VALUE_VERIFICATION_ENABLED",
                    Boolean.class,
                    false,
                    "Database value checks in the reranker: the string literals of the top two candidates are looked up in their columns; "
                            + "-10 per missing value, at most -20.",
                    Option.Step.EVALUATE);
    Option<Boolean> SURGICAL_WHITELIST_ENABLED =
            seedInEffect(
                    "SURGICAL_WHITELIST_ENABLED",
                    Boolean.class,
                    true,
                    "Surgical column whitelist for 42703 repairs.",
                    Option.Step.REPAIR);
    Option<Choices.WhitelistMode> SURGICAL_WHITELIST_MODE =
            register(
                    new Option<>(
                            "surgical_whitelist_mode",
                            "SQLEXAM_SURGICAL_WHITELIST_MODE",
                            Choices.WhitelistMode.class,
                            Choices.WhitelistMode.OBSERVE,
                            "observe: the whitelist goes into the repair prompt and the "
                                    + "nine-gate rewrite is only recorded; active: a rewrite that passes all nine gates is applied.",
                            Option.Step.REPAIR,
                            true,
                            false,
                            Choices.words(Choices.WhitelistMode.class)));
    Option<Boolean> EXAM_MODE =
            register(
                    new Option<>(
                            "EXAM_MODE",
                            "EXAM_MODE",
                            Boolean.class,
                            true,
                            "Exam logging. Always on in sqlexam: every run writes its exam log.",
                            Option.Step.SINKS,
                            true,
                            false,
                            List.of()));
}
