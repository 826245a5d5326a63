package dev.sqlexam.examset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class QuarantineTest {

    @TempDir Path tmp;

    @Test
    void theQuarantineFileBesideAnExamSetGivesEachQuestionsPositionAndReasons() throws Exception {
        Path set = tmp.resolve("bird.jsonl");
        assertThat(Quarantine.fileFor(set)).isEqualTo(tmp.resolve("bird.quarantine.jsonl"));
        assertThat(Quarantine.of(set)).as("no quarantine file: nothing was quarantined").isEmpty();

        Files.writeString(
                Quarantine.fileFor(set),
                """
                {"id":"bird-1","db":"shop","question":"q","gold_sql":"SELECT nope","source_index":1,"quarantine_reasons":["error: no column"]}

                {"id":"bird-9","db":"gone","question":"q","gold_sql":"SELECT 1","quarantine_reasons":["missing_database: 'gone'"]}
                """);
        assertThat(Quarantine.of(set))
                .containsExactly(
                        new Quarantine.Entry(
                                "bird-1", "shop", 1, java.util.List.of("error: no column")),
                        new Quarantine.Entry(
                                "bird-9",
                                "gone",
                                null,
                                java.util.List.of("missing_database: 'gone'")));
    }

    @Test
    void anUnusableLineNamesItsFileAndLine() throws Exception {
        Path file = tmp.resolve("set.quarantine.jsonl");
        Files.writeString(
                file, "{\"id\":\"a\",\"source_index\":0}\n{\"id\":\"b\",\"source_index\":-2}\n");
        assertThatThrownBy(() -> Quarantine.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 2 of the quarantine file " + file)
                .hasMessageContaining("must not be negative");
    }
}
