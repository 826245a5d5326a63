package dev.sqlexam.jobs.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An import that imports nothing (no question in the file, none left by --limit, none of their
 * databases found) says why, writes no exam set and exits with code 4 (ExitCode.NO_RESULT), whose
 * meaning says so.
 */
class ImportNothingTest {

    @TempDir Path tmp;

    /** The exit code of {@code args} and what the command printed on stderr. */
    private record Run(int code, String err) {}

    private static Run run(String... args) {
        PrintStream before = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code =
                    SqlExamCli.commandLine()
                            .setErr(new PrintWriter(new StringWriter()))
                            .execute(args);
            return new Run(code, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(before);
        }
    }

    @Test
    void aFileWithoutQuestionsImportsNothingAndExitsFour() throws Exception {
        Path dev = Files.writeString(tmp.resolve("dev.json"), "[]");
        Path out = tmp.resolve("spider.jsonl");
        Run r =
                run(
                        "import",
                        "spider",
                        "--dev-json",
                        dev.toString(),
                        "--write-exam-set",
                        out.toString());
        assertThat(r.code()).isEqualTo(ExitCode.NO_RESULT.code).isEqualTo(4);
        assertThat(r.err()).contains("nothing imported").contains(dev + " holds no question");
        assertThat(out).doesNotExist();
        assertThat(ExitCode.NO_RESULT.meaning).contains("import imported nothing");
    }

    @Test
    void aLimitOfZeroImportsNothingAndSaysSo() throws Exception {
        Path dev =
                Files.writeString(
                        tmp.resolve("dev.json"),
                        "[{\"db_id\": \"shop\", \"question\": \"How many?\", \"query\": \"SELECT 1\"}]");
        Path out = tmp.resolve("spider.jsonl");
        Run r =
                run(
                        "import",
                        "spider",
                        "--dev-json",
                        dev.toString(),
                        "--limit",
                        "0",
                        "--write-exam-set",
                        out.toString());
        assertThat(r.code()).isEqualTo(ExitCode.NO_RESULT.code);
        assertThat(r.err()).contains("nothing imported: --limit 0 leaves no question");
        assertThat(out).doesNotExist();
    }

    @Test
    void questionsWhoseDatabasesAreNowhereImportNothing() throws Exception {
        Path dev =
                Files.writeString(
                        tmp.resolve("dev.json"),
                        "[{\"db_id\": \"shop\", \"question\": \"How many?\", \"query\": \"SELECT 1\"},"
                                + " {\"db_id\": \"zoo\", \"question\": \"Animals?\", \"query\": \"SELECT 2\"}]");
        Path databases = Files.createDirectories(tmp.resolve("database"));
        Path out = tmp.resolve("spider.jsonl");
        Run r =
                run(
                        "import",
                        "spider",
                        "--dev-json",
                        dev.toString(),
                        "--databases",
                        databases.toString(),
                        "--write-exam-set",
                        out.toString());
        assertThat(r.code()).isEqualTo(ExitCode.NO_RESULT.code);
        assertThat(r.err())
                .contains("nothing imported")
                .contains("none of the 2 database(s) the 2 question(s) name (shop, zoo)")
                .contains("has a SQLite file in " + databases);
        assertThat(out).doesNotExist();
    }
}
