package dev.sqlexam.jobs.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A grade of predictions files asks no model: exam --resume refuses it before any setup. */
class ResumeOfAGradeTest {

    @TempDir Path tmp;

    @Test
    void isRefusedWithWhatToRunInstead() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("runs/g1"));
        Files.writeString(
                run.resolve("run.json"),
                "{\"run_id\":\"g1\",\"exam_set\":\"exam-sets/demo/demo.jsonl\",\"runs\":1,"
                        + "\"predictions\":true,\"variants\":[{\"name\":\"mine\",\"options\":{}}]}");
        StringWriter err = new StringWriter();
        var commandLine = SqlExamCli.commandLine();
        commandLine.setErr(new PrintWriter(err));
        commandLine.setOut(new PrintWriter(new StringWriter()));

        int code = commandLine.execute("exam", "--resume", run.toString());

        assertThat(code).as(err.toString()).isEqualTo(ExitCode.USAGE.code);
        assertThat(err.toString())
                .contains("is a grade of predictions files")
                .contains("./sqlexam grade");
    }
}
