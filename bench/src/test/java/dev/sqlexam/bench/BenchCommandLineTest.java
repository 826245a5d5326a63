package dev.sqlexam.bench;

import dev.sqlexam.jobs.cli.SqlExamCli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With the bench's jar on the class path, {@code bench} is one of sqlexam's commands, listed after
 * {@code index}, and its wrong usage is answered as every command's is (exit 2, the error, the
 * pointer to its help).
 */
class BenchCommandLineTest {

    private static String[] run(String... args) {
        StringWriter err = new StringWriter();
        var commandLine = SqlExamCli.commandLine();
        commandLine.setErr(new PrintWriter(err));
        commandLine.setOut(new PrintWriter(new StringWriter()));
        int code = commandLine.execute(args);
        return new String[] {Integer.toString(code), err.toString()};
    }

    @Test
    void benchIsListedAfterIndexWithItsSubcommands() {
        List<String> commands = List.copyOf(SqlExamCli.commandLine().getSubcommands().keySet());
        assertThat(commands.get(commands.indexOf("index") + 1)).isEqualTo("bench");
        assertThat(SqlExamCli.commandLine().getSubcommands().get("bench").getSubcommands())
                .containsKeys("retrieval", "repair", "select", "sharing", "watch", "throughput");
    }

    @Test
    void wrongUsageOfTheBenchIsAnsweredAsEveryCommandsIs() {
        String[] alone = run("bench");
        assertThat(alone[0]).isEqualTo("2");
        assertThat(alone[1]).startsWith("[sqlexam] error: ").contains("needs a command");
        String[] unknown = run("bench", "nosuch");
        assertThat(unknown[0]).isEqualTo("2");
        assertThat(unknown[1]).contains("nosuch").contains("see ./sqlexam bench --help");
    }
}
