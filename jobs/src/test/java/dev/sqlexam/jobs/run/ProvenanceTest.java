package dev.sqlexam.jobs.run;

import dev.sqlexam.json.Json;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ProvenanceTest {

    private static Provenance withOptions(Map<String, Object> options) {
        return new Provenance(
                "0.1.0",
                "abc",
                "sha",
                null,
                "15",
                List.of("vector"),
                Map.of(),
                "model",
                Map.of(),
                Map.of(),
                Map.of(),
                Provenance.GRADER_VERSION,
                options);
    }

    @Test
    void anOptionReadBackFromRunJsonIsTheSameOptionAsTheRunsOwn() throws Exception {
        Provenance running =
                withOptions(Map.of("llm_timeout_ms", 60_000L, "top_k", 8, "mode", "strict"));
        Provenance recorded =
                Json.MAPPER.readValue(Json.MAPPER.writeValueAsString(running), Provenance.class);

        assertThat(recorded.options().get("llm_timeout_ms"))
                .as("the premise: JSON gives a small Long back as an Integer")
                .isInstanceOf(Integer.class);
        assertThat(Provenance.differences(recorded, running)).isEmpty();
    }

    @Test
    void anOptionThatDiffersIsNamedWithBothValues() {
        Provenance a = withOptions(Map.of("checkpoint_interval_ms", 300, "top_k", 8));
        Provenance b = withOptions(Map.of("checkpoint_interval_ms", 5000L, "top_k", 8L));

        assertThat(Provenance.differences(a, b))
                .containsExactly("option checkpoint_interval_ms differs: 300 vs 5000");
    }

    @Test
    void anOptionOnlyOneRunHasIsADifference() {
        Provenance a = withOptions(Map.of("top_k", 8));
        Provenance b = withOptions(Map.of());

        assertThat(Provenance.differences(a, b)).containsExactly("option top_k differs: 8 vs null");
    }
}
