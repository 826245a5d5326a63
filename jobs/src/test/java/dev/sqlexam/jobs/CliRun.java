package dev.sqlexam.jobs;

import dev.sqlexam.jobs.cli.SqlExamCli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/**
 * A command run with the CLI in the test's process: its exit code, standard output (the console)
 * and error output; the console is also printed, for the test's log.
 */
public record CliRun(int exit, String out, String err) {

    public static CliRun of(String... args) {
        PrintStream original = System.out;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int exit;
        try {
            System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
            exit = SqlExamCli.commandLine().setErr(new PrintWriter(err, true)).execute(args);
        } finally {
            System.setOut(original);
        }
        original.print(console.toString(StandardCharsets.UTF_8));
        return new CliRun(exit, console.toString(StandardCharsets.UTF_8), err.toString());
    }
}
