package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.ask.AskRun;
import dev.sqlexam.jobs.run.Home;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;

/** One table of exit codes: the help's footer, the README and the commands follow it. */
class ExitCodeTest {

    @Test
    void theHelpAndTheOutputsPageListEveryCode() throws Exception {
        String help = SqlExamCli.commandLine().getUsageMessage();
        String outputs = Files.readString(Home.resolve().resolve("docs/outputs.md"));
        String readme = Files.readString(Home.resolve().resolve("README.md"));
        for (ExitCode e : ExitCode.values()) {
            assertThat(help).as(e.name()).contains(e.code + " " + e.label);
            assertThat(outputs)
                    .as("docs/outputs.md's table has " + e.name())
                    .contains(ExitCode.markdownRows().get(e.ordinal()));
        }
        assertThat(outputs).contains("## Exit codes");
        assertThat(readme).contains("docs/outputs.md#exit-codes");
    }

    @Test
    void theJarAnswersWrongUsageWithTwoAndAScriptCommandToo() {
        var commandLine = SqlExamCli.commandLine();
        commandLine.setErr(new PrintWriter(new StringWriter()));
        assertThat(commandLine.execute("exam", "--bogus")).isEqualTo(ExitCode.USAGE.code);
        assertThat(
                        SqlExamCli.commandLine()
                                .setErr(new PrintWriter(new StringWriter()))
                                .execute("test"))
                .isEqualTo(ExitCode.USAGE.code);
    }

    @Test
    void askFollowsTheTable() {
        assertThat(AskRun.NO_ANSWER).isEqualTo(ExitCode.NO_RESULT.code);
        assertThat(SqlExamCli.PREFLIGHT_FAILED).isEqualTo(ExitCode.NOT_READY.code);
    }
}
