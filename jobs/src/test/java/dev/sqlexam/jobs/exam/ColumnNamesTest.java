package dev.sqlexam.jobs.exam;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How a grade names its columns: given names, the files' own, and files that share a name. */
class ColumnNamesTest {

    @TempDir Path tmp;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

    private static GradeRun.Submission unnamed(String path) {
        return new GradeRun.Submission(null, Path.of(path));
    }

    @Test
    void twoFilesOfOneNameTakeTheirFoldersNames() {
        List<String> names =
                GradeRun.columnNames(
                        List.of(
                                unnamed("/runs/SystemA/predict_dev.json"),
                                unnamed("/runs/system b/predict_dev.json"),
                                unnamed("/runs/SystemA/other.json")),
                        List.of("predict_dev", "predict_dev", "other"),
                        out);
        assertThat(names).containsExactly("systema-predict_dev", "system_b-predict_dev", "other");
        assertThat(console.toString(StandardCharsets.UTF_8))
                .contains("column systema-predict_dev")
                .contains("--predictions NAME=PATH");
    }

    @Test
    void theSameFileTwiceInOneFolderStillGetsTwoColumns() {
        assertThat(
                        GradeRun.columnNames(
                                List.of(unnamed("/a/p.json"), unnamed("/a/p.json")),
                                List.of("p", "p"),
                                out))
                .containsExactly("a-p", "a-p-2");
    }

    @Test
    void aGivenNameIsKeptAndAnUnnamedFileStepsAsideFromIt() {
        assertThat(
                        GradeRun.columnNames(
                                List.of(
                                        new GradeRun.Submission("dev", Path.of("/x/mine.json")),
                                        unnamed("/y/dev.json")),
                                List.of("mine", "dev"),
                                out))
                .containsExactly("dev", "dev-2");
    }

    @Test
    void twoFilesGivenOneNameAreRefused() {
        assertThatThrownBy(
                        () ->
                                GradeRun.columnNames(
                                        List.of(
                                                new GradeRun.Submission("a", Path.of("/1.json")),
                                                new GradeRun.Submission("a", Path.of("/2.json"))),
                                        List.of("1", "2"),
                                        out))
                .hasMessageContaining("two files are named 'a'");
    }

    @Test
    void nameEqualsPathIsANameUnlessAFileHasThatVeryName() throws Exception {
        Path odd = Files.writeString(tmp.resolve("a=b.json"), "");
        assertThat(GradeRun.Submission.parse(odd.toString()))
                .isEqualTo(new GradeRun.Submission(null, odd));
        assertThat(GradeRun.Submission.parse("mine=" + tmp.resolve("p.json")))
                .isEqualTo(new GradeRun.Submission("mine", tmp.resolve("p.json")));
        assertThatThrownBy(() -> GradeRun.Submission.parse("my sys=" + tmp.resolve("p.json")))
                .hasMessageContaining("must be letters, digits");
    }
}
