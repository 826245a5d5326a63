package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.ask.McpServerRun;
import dev.sqlexam.jobs.run.Home;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code sqlexam mcp}: the MCP server over stdio. */
@Command(
        name = "mcp",
        mixinStandardHelpOptions = true,
        description = {
            "Serve MCP over stdio: the tools nl_query, list_databases, describe_table and grade_sql.",
            "Serve MCP over stdio (for Claude Desktop, VS Code, Cursor, the MCP Inspector, any MCP "
                    + "client): tools nl_query, list_databases, describe_table and grade_sql, on the exam's stages "
                    + "(read-only role, guard, server-side timeouts). Stdout carries only the protocol; notes go to "
                    + "stderr. It serves until the client closes stdin."
        })
final class McpCommand implements Callable<Integer> {

    @Option(
            names = "--exam-set",
            description =
                    "The exam set grade_sql grades against. Default: exam-sets/erp/erp.jsonl.")
    Path examSet;

    @Mixin GeneratorOptions answering;

    @Mixin CommonOptions common;

    @Override
    public Integer call() throws Exception {
        // the protocol owns stdout: whatever else prints (notes, libraries) goes to stderr
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        System.setOut(System.err);
        Path set = examSet != null ? examSet : Home.resolve().resolve("exam-sets/erp/erp.jsonl");
        McpServerRun.serve(
                common.settings(answering.overrides()),
                set,
                answering.variantOrDefault(),
                new FileInputStream(FileDescriptor.in),
                protocol,
                System.err);
        return 0;
    }
}
