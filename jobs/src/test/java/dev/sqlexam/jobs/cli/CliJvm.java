package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.run.Home;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The CLI in a JVM of its own, started by a test from its class path (no jar, no script). */
public final class CliJvm {

    private CliJvm() {}

    /**
     * java on the test's class path with sqlexam's home, {@code state} as the state folder (null:
     * the default), then {@code args}. C1 only, even for watch and mcp, which ./sqlexam runs with
     * C2 because a user's run lasts hours: these processes live seconds, and C2 spent a third of
     * such a JVM's CPU (a 1,000-event watch replay: 14.2 CPU s with C2, 8.9 without), which the
     * test suite's cores pay for; the JIT changes how fast the CLI runs, not what it does.
     */
    public static List<String> command(Path state, List<String> args) {
        List<String> command =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-Xmx1g",
                                "-XX:TieredStopAtLevel=1",
                                "-cp",
                                System.getProperty("java.class.path"),
                                "-Dsqlexam.home=" + Home.resolve()));
        if (state != null) command.add("-Dsqlexam.state=" + state);
        command.add(SqlExamCli.class.getName());
        command.addAll(args);
        return command;
    }
}
