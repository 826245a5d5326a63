package dev.sqlexam.jobs.run;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.json.Json;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ResumedOptionsTest {

    /** The options as a run records them in run.json, and as resume reads them back. */
    private static Provenance recorded(Settings settings) throws Exception {
        return recorded(settings, Map.of());
    }

    private static Provenance recorded(Settings settings, Map<String, String> generators)
            throws Exception {
        Provenance p =
                new Provenance(
                        "0.1.0",
                        "abc",
                        "sha",
                        null,
                        "15",
                        List.of(),
                        Map.of(),
                        "model",
                        Map.of(),
                        generators,
                        Map.of(),
                        Provenance.GRADER_VERSION,
                        settings.described());
        return Json.MAPPER.readValue(Json.MAPPER.writeValueAsString(p), Provenance.class);
    }

    @Test
    void whatDecidesTheRecordsComesBackAndWhereTheJobRunsDoesNot() throws Exception {
        Settings started =
                Settings.resolve(
                        Map.of(),
                        Map.of(),
                        Map.ofEntries(
                                Map.entry("generator", "openai"),
                                Map.entry("llm_url", "http://127.0.0.1:8000/v1"),
                                Map.entry("llm_model", "coder"),
                                Map.entry("llm_timeout_ms", "90000"),
                                Map.entry("llm_temperature", "0.1"),
                                Map.entry("table_top_k", "12"),
                                Map.entry("statement_timeout_ms", "4000"),
                                Map.entry("row_cap", "500"),
                                Map.entry("embedding_threads", "1"),
                                Map.entry("parallelism", "3"),
                                Map.entry("checkpoint_interval_ms", "700"),
                                Map.entry(
                                        "jdbc_url",
                                        "jdbc:postgresql://db.example:5432/{db}?user=u&password=pw")));

        Map<String, String> resumed = ResumedOptions.of(recorded(started));

        assertThat(resumed)
                .containsEntry("generator", "openai")
                .containsEntry("llm_url", "http://127.0.0.1:8000/v1")
                .containsEntry("llm_model", "coder")
                .containsEntry("llm_timeout_ms", "90000")
                .containsEntry("llm_temperature", "0.1")
                .containsEntry("table_top_k", "12")
                .as("a query's limits decide its verdict (row_cap_exceeded, a time-out)")
                .containsEntry("statement_timeout_ms", "4000")
                .containsEntry("row_cap", "500")
                .as("the machine's, not the run's")
                .doesNotContainKeys(
                        "parallelism",
                        "checkpoint_interval_ms",
                        "jdbc_url",
                        "runs",
                        "embedding_threads");
        Settings again = Settings.resumed(resumed, Map.of(), Map.of(), Map.of());
        for (String key : resumed.keySet())
            assertThat(again.described().get(key))
                    .as(key + " as the run had it")
                    .hasToString(String.valueOf(started.described().get(key)));
    }

    @Test
    void aRunWhoseGeneratorWasAutoResumesWithTheGeneratorAutoChose() throws Exception {
        Settings started = Settings.resolve(Map.of(), Map.of(), Map.of("llm_url", "http://m/v1"));
        assertThat(started.get(SqlExamOptions.GENERATOR)).isEqualTo("auto");

        assertThat(
                        ResumedOptions.of(
                                recorded(started, Map.of("default", "openai http://m/v1 model x"))))
                .as("a model down at the resume must not hand the rest to the baseline")
                .containsEntry("generator", "openai");
        assertThat(
                        ResumedOptions.of(
                                recorded(
                                        started,
                                        Map.of(
                                                "a", "openai http://m/v1 model x",
                                                "b", "baseline"))))
                .as("variants that chose apart keep auto, each its own variant file")
                .containsEntry("generator", "auto");
    }

    /**
     * Job-wide options that are the resuming command's: where it runs and how fast. A new job-wide
     * option fails this test until it is put here or in {@link ResumedOptions#ALSO}.
     */
    private static final Set<String> THE_MACHINES =
            Set.of(
                    "home",
                    "state",
                    "cluster_jar",
                    "flink_rest_port",
                    "jdbc_url",
                    "state_url",
                    "results_db",
                    "reader_password",
                    "reader",
                    "grant_read_access",
                    "max_connections_per_server",
                    "db_workers",
                    "connection_timeout_ms",
                    "connection_retry_ms",
                    "runs",
                    "watch_window_ms",
                    "watch_out_of_orderness_ms",
                    "watch_allowed_lateness_ms",
                    "watch_alert_rules",
                    "watch_retrieval_check",
                    "watch_retrieval_sample_rate",
                    "watch_checkpoint_dir",
                    "flink_rest",
                    "parallelism",
                    "async_capacity",
                    "checkpoint_interval_ms");

    @Test
    void everyJobWideOptionIsEitherTheRunsOrTheMachines() {
        List<String> unsorted = new ArrayList<>();
        for (var option : SqlExamOptions.all()) {
            if (option.phase() != Option.Phase.JOB) continue;
            boolean runs = ResumedOptions.ALSO.contains(option.key());
            boolean machines = THE_MACHINES.contains(option.key());
            if (runs == machines) unsorted.add(option.key());
            assertThat(ResumedOptions.resumed(option)).as(option.key()).isEqualTo(runs);
        }
        assertThat(unsorted).as("job-wide options resume must decide about").isEmpty();
    }

    @Test
    void aRunWithoutRecordedOptionsResumesOnWhatIsGivenNow() {
        assertThat(ResumedOptions.of(null)).isEmpty();
    }

    @Test
    void anOptionTheRecordHidAPasswordOfIsNotTakenBack() throws Exception {
        Settings started =
                Settings.resolve(
                        Map.of(),
                        Map.of(),
                        Map.of("ollama_url", "http://h:11434/?password=secret", "llm_model", "m"));
        Map<String, String> resumed = ResumedOptions.of(recorded(started));
        assertThat(resumed).doesNotContainKey("ollama_url").containsEntry("llm_model", "m");
        assertThat(resumed.values()).noneMatch(v -> v.contains("secret") || v.contains("***"));
    }
}
