package dev.sqlexam.jobs.run;

import dev.sqlexam.config.Settings;
import dev.sqlexam.json.Json;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ResumedOptionsTest {

    /** The options as a run records them in run.json, and as resume reads them back. */
    private static Provenance recorded(Settings settings) throws Exception {
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
                        Map.of(),
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
                        Map.of(
                                "generator", "openai",
                                "llm_url", "http://127.0.0.1:8000/v1",
                                "llm_model", "coder",
                                "llm_timeout_ms", "90000",
                                "llm_temperature", "0.1",
                                "table_top_k", "12",
                                "parallelism", "3",
                                "checkpoint_interval_ms", "700",
                                "jdbc_url",
                                        "jdbc:postgresql://db.example:5432/{db}?user=u&password=pw"));

        Map<String, String> resumed = ResumedOptions.of(recorded(started));

        assertThat(resumed)
                .containsEntry("generator", "openai")
                .containsEntry("llm_url", "http://127.0.0.1:8000/v1")
                .containsEntry("llm_model", "coder")
                .containsEntry("llm_timeout_ms", "90000")
                .containsEntry("llm_temperature", "0.1")
                .containsEntry("table_top_k", "12")
                .doesNotContainKeys("parallelism", "checkpoint_interval_ms", "jdbc_url", "runs");
        Settings again = Settings.resumed(resumed, Map.of(), Map.of(), Map.of());
        for (String key : resumed.keySet())
            assertThat(again.described().get(key))
                    .as(key + " as the run had it")
                    .hasToString(String.valueOf(started.described().get(key)));
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
