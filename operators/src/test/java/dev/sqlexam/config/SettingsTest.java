package dev.sqlexam.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SettingsTest {

    @Test
    void laterSourcesWin() {
        Settings s =
                Settings.resolve(
                        Map.of("statement_timeout_ms", "1000", "row_cap", "5"),
                        Map.of("SQLEXAM_STATEMENT_TIMEOUT_MS", "2000"),
                        Map.of("row_cap", "7"));
        assertThat(s.get(SqlExamOptions.STATEMENT_TIMEOUT_MS)).isEqualTo(2000L);
        assertThat(s.sourceOf(SqlExamOptions.STATEMENT_TIMEOUT_MS)).isEqualTo("environment");
        assertThat(s.get(SqlExamOptions.ROW_CAP)).isEqualTo(7);
        assertThat(s.get(SqlExamOptions.RUNS)).isEqualTo(1);
        assertThat(s.sourceOf(SqlExamOptions.RUNS)).isEqualTo("default");
    }

    @Test
    void aResumedRunsRecordedOptionsLieOverFileAndEnvironmentAndUnderTheCommandLine() {
        Settings resumed =
                Settings.resumed(
                        Map.of(
                                "generator", "openai",
                                "llm_model", "coder",
                                "row_cap", "5",
                                "MULTI_CANDIDATE_K", "4",
                                "llm_temperature", "0.3"),
                        Map.of("row_cap", "6", "table_top_k", "9"),
                        Map.of("SQLEXAM_LLM_MODEL", "other", "SQLEXAM_PARALLELISM", "3"),
                        Map.of("MULTI_CANDIDATE_K", "2"));
        assertThat(resumed.get(SqlExamOptions.GENERATOR)).isEqualTo("openai");
        assertThat(resumed.sourceOf(SqlExamOptions.GENERATOR)).isEqualTo("run.json");
        assertThat(resumed.get(SqlExamOptions.LLM_TEMPERATURE)).isEqualTo(0.3);
        assertThat(resumed.get(SqlExamOptions.ROW_CAP)).as("over the config file").isEqualTo(5);
        assertThat(resumed.get(SqlExamOptions.LLM_MODEL))
                .as("over the environment")
                .isEqualTo("coder");
        assertThat(resumed.get(SqlExamOptions.MULTI_CANDIDATE_K))
                .as("under the command line")
                .isEqualTo(2);
        assertThat(resumed.get(SqlExamOptions.TABLE_TOP_K))
                .as("what run.json does not hold as given now")
                .isEqualTo(9);
        assertThat(resumed.get(SqlExamOptions.PARALLELISM)).isEqualTo(3);

        Settings variant = resumed.withVariant(Map.of("generator", "baseline"));
        assertThat(variant.get(SqlExamOptions.GENERATOR))
                .as("a variant file of the run still sets its own")
                .isEqualTo("baseline");
        assertThat(variant.get(SqlExamOptions.LLM_TEMPERATURE))
                .as("and keeps the recorded rest")
                .isEqualTo(0.3);
    }

    @Test
    void aVariantLiesOverFileAndEnvironmentAndUnderTheCommandLine() {
        Settings base =
                Settings.resolve(
                        Map.of("USE_SCHEMA_RAG_V2", "false", "row_cap", "5"),
                        Map.of("CANDIDATE_RERANKER_ENABLED", "true"),
                        Map.of("MULTI_CANDIDATE_K", "3"));
        Settings variant =
                base.withVariant(
                        Map.of(
                                "USE_SCHEMA_RAG_V2",
                                "true",
                                "CANDIDATE_RERANKER_ENABLED",
                                "false",
                                "MULTI_CANDIDATE_K",
                                "6"));
        assertThat(variant.get(SqlExamOptions.USE_SCHEMA_RAG_V2))
                .as("over the config file")
                .isTrue();
        assertThat(variant.get(SqlExamOptions.CANDIDATE_RERANKER_ENABLED))
                .as("over the environment")
                .isFalse();
        assertThat(variant.sourceOf(SqlExamOptions.CANDIDATE_RERANKER_ENABLED))
                .isEqualTo("variant file");
        assertThat(variant.get(SqlExamOptions.MULTI_CANDIDATE_K))
                .as("--set applies to every variant")
                .isEqualTo(3);
        assertThat(variant.get(SqlExamOptions.ROW_CAP))
                .as("the rest as the base has it")
                .isEqualTo(5);
        assertThat(variant.differencesFrom(base))
                .containsOnlyKeys("USE_SCHEMA_RAG_V2", "CANDIDATE_RERANKER_ENABLED");
        assertThatThrownBy(
                        () ->
                                base.withVariant(
                                        Map.of("jdbc_url", "jdbc:postgresql://elsewhere/{db}")))
                .hasMessageContaining("'jdbc_url' is job-wide");
        assertThatThrownBy(() -> base.withVariant(Map.of("no_such_option", "1")))
                .hasMessageContaining("unknown option 'no_such_option' in variant file");
    }

    @Test
    void fingerprintsSeparateWhatEachPhaseReads() {
        Settings base = Settings.defaults();
        Settings noReranker = base.withVariant(Map.of("CANDIDATE_RERANKER_ENABLED", "false"));
        Settings v2 = base.withVariant(Map.of("USE_SCHEMA_RAG_V2", "true"));
        Settings linker = base.withVariant(Map.of("SCHEMA_LINKER_ENABLED", "true"));
        Settings priced = base.withVariant(Map.of("cost_per_1k_prompt_tokens", "0.5"));
        for (Settings s : new Settings[] {noReranker, linker, priced}) {
            assertThat(s.fingerprint(Option.Phase.RETRIEVAL))
                    .isEqualTo(base.fingerprint(Option.Phase.RETRIEVAL));
        }
        assertThat(v2.fingerprint(Option.Phase.RETRIEVAL))
                .isNotEqualTo(base.fingerprint(Option.Phase.RETRIEVAL));
        assertThat(noReranker.fingerprint(Option.Phase.GENERATION))
                .isEqualTo(base.fingerprint(Option.Phase.GENERATION));
        assertThat(priced.fingerprint(Option.Phase.GENERATION))
                .isEqualTo(base.fingerprint(Option.Phase.GENERATION));
        assertThat(linker.fingerprint(Option.Phase.GENERATION))
                .isNotEqualTo(base.fingerprint(Option.Phase.GENERATION));
        assertThat(noReranker.fingerprint(Option.Phase.EVALUATION))
                .isNotEqualTo(base.fingerprint(Option.Phase.EVALUATION));
    }

    @ParameterizedTest(name = "{0} defaults to {1}")
    @CsvSource({
        "SCHEMA_GLOSSES_ENABLED, true",
        "PG_NORMALIZE_ENABLED, true",
        "SCHEMA_LINKER_ENABLED, false",
        "JOIN_PLANNER_ENABLED, false",
        "BM25_SEARCH_ENABLED, true",
        "MODULE_ROUTER_ENABLED, true",
        "COLUMN_PRUNING_ENABLED, false",
        "CANDIDATE_RERANKER_ENABLED, true",
        "PRE_SQL_ENABLED, false",
        "VALUE_VERIFICATION_ENABLED, false",
        "MULTI_CANDIDATE_ENABLED, true",
        "USE_SCHEMA_RAG_V2, false",
        "MULTI_CANDIDATE_K, 4",
        "MULTI_CANDIDATE_K_EASY, 2",
        "MULTI_CANDIDATE_K_HARD, 6",
        "MULTI_CANDIDATE_TIME_BUDGET_MS, 10000",
        "MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS, 2000",
        "JOIN_HINT_FORMAT, edges",
        "DOC_RETRIEVAL_TOP_K, 5",
        "DOC_RELEVANCE_THRESHOLD, 0.3",
        "RETRIEVAL_TABLE_THRESHOLD, 10",
        "ENABLE_DOC_RETRIEVAL, true",
    })
    void everySeedFlagExistsUnderItsSeedNameWithTheSeedDefault(String name, String expected) {
        Option<?> option =
                SqlExamOptions.all().stream()
                        .filter(o -> o.key().equals(name))
                        .findFirst()
                        .orElseThrow();
        assertThat(option.envVar()).isEqualTo(name);
        assertThat(String.valueOf(Settings.defaults().get(option))).isEqualTo(expected);
        Settings flipped =
                Settings.resolve(
                        Map.of(),
                        Map.of(name, expected.equals("true") ? "false" : expected),
                        Map.of());
        assertThat(flipped.sourceOf(option)).isEqualTo("environment");
    }

    @Test
    void badValuesSayWhichOptionAndWhy() {
        assertThatThrownBy(
                        () ->
                                Settings.resolve(
                                        Map.of(), Map.of("SQLEXAM_ROW_CAP", "lots"), Map.of()))
                .hasMessageContaining("row_cap")
                .hasMessageContaining("lots");
        assertThatThrownBy(
                        () ->
                                Settings.resolve(
                                        Map.of(), Map.of("JOIN_HINT_FORMAT", "graphs"), Map.of()))
                .hasMessageContaining("edges");
        assertThatThrownBy(
                        () -> Settings.resolve(Map.of("no_such_option", "1"), Map.of(), Map.of()))
                .hasMessageContaining("unknown option 'no_such_option'");
    }

    @Test
    void secretsNeverShowInTheRecordedConfig() {
        Settings s =
                Settings.resolve(Map.of(), Map.of("SQLEXAM_READER_PASSWORD", "hunter2"), Map.of());
        assertThat(s.changed()).containsEntry("reader_password", "***");
        assertThat(s.changed().toString()).doesNotContain("hunter2");
    }
}
