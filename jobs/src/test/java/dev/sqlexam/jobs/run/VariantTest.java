package dev.sqlexam.jobs.run;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VariantTest {

    @TempDir Path tmp;

    @Test
    void aVariantExtendsAnotherAndItsOwnOptionsWin() throws Exception {
        Files.writeString(
                tmp.resolve("base.yaml"),
                "name: base\noptions:\n  USE_SCHEMA_RAG_V2: true\n  MULTI_CANDIDATE_K: 4\n");
        Files.createDirectories(tmp.resolve("more"));
        Files.writeString(
                tmp.resolve("more/child.yaml"),
                "description: a child\nextends: ../base.yaml\noptions:\n  MULTI_CANDIDATE_K: 6\n"
                        + "  llm_temperature: 0.0\n");
        Variant child = Variant.read(tmp.resolve("more/child.yaml"));
        assertThat(child.name()).as("the file name when none is given").isEqualTo("child");
        assertThat(child.description()).isEqualTo("a child");
        assertThat(child.options())
                .containsEntry("USE_SCHEMA_RAG_V2", "true")
                .containsEntry("MULTI_CANDIDATE_K", "6")
                .containsEntry("llm_temperature", "0.0");
        Settings s = Settings.defaults().withVariant(child.options());
        assertThat(s.get(SqlExamOptions.MULTI_CANDIDATE_K)).isEqualTo(6);
        assertThat(s.get(SqlExamOptions.LLM_TEMPERATURE)).isEqualTo(0.0);
    }

    @Test
    void mistakesAreNamedWithTheFile() throws Exception {
        Files.writeString(tmp.resolve("typo.yaml"), "name: typo\noption:\n  X: 1\n");
        assertThatThrownBy(() -> Variant.read(tmp.resolve("typo.yaml")))
                .hasMessageContaining("typo.yaml")
                .hasMessageContaining("unknown key 'option'");
        Files.writeString(tmp.resolve("loop.yaml"), "extends: loop.yaml\n");
        assertThatThrownBy(() -> Variant.read(tmp.resolve("loop.yaml")))
                .hasMessageContaining("extends itself");
        Files.writeString(tmp.resolve("bad name.yaml"), "name: 'a b'\n");
        assertThatThrownBy(() -> Variant.read(tmp.resolve("bad name.yaml")))
                .hasMessageContaining("must be letters");
        assertThatThrownBy(() -> Variant.read(tmp.resolve("missing.yaml")))
                .hasMessageContaining("cannot read variant file");
    }

    @Test
    void theShippedVariantsReadAndSetOnlyKnownPerVariantOptions() throws Exception {
        try (Stream<Path> files = Files.list(Home.resolve().resolve("flink-conf/variants"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).toList()) {
                Variant v = Variant.read(f);
                assertThat(v.description()).as(f.toString()).isNotBlank();
                Settings.defaults().withVariant(v.options());
            }
        }
        Variant qwen =
                Variant.read(
                        Home.resolve().resolve("flink-conf/variants/qwen-linker-planner.yaml"));
        Settings s = Settings.defaults().withVariant(qwen.options());
        assertThat(s.get(SqlExamOptions.SCHEMA_LINKER_ENABLED)).isTrue();
        assertThat(s.get(SqlExamOptions.JOIN_PLANNER_ENABLED)).isTrue();
        assertThat(
                        Settings.defaults()
                                .withVariant(
                                        Variant.read(
                                                        Home.resolve()
                                                                .resolve(
                                                                        "flink-conf/variants/defaults.yaml"))
                                                .options())
                                .differencesFrom(Settings.defaults()))
                .as("defaults is the registry's defaults")
                .isEmpty();
    }
}
