package dev.sqlexam.jobs.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The help text of every command, as files the ./sqlexam script prints without building or starting
 * anything (docs/cli/NAME.txt; a subcommand's file is PARENT-NAME.txt). A test keeps them equal to
 * what the jar prints.
 */
public final class HelpPages {

    /**
     * The script's table of commands and options (see {@link UsageTable}), written beside the
     * pages.
     */
    public static final String USAGE_TABLE = "usage.tsv";

    private HelpPages() {}

    /** File name (without .txt) → help text, for the root and every command below it. */
    public static Map<String, String> all() {
        Map<String, String> pages = new LinkedHashMap<>();
        collect(SqlExamCli.commandLine(), "", pages);
        return pages;
    }

    private static void collect(CommandLine command, String prefix, Map<String, String> pages) {
        String name =
                prefix.isEmpty() && command.getParent() == null
                        ? "sqlexam"
                        : prefix + command.getCommandName();
        pages.put(name, command.getUsageMessage(CommandLine.Help.Ansi.OFF));
        String below = name.equals("sqlexam") ? "" : name + "-";
        for (CommandLine sub : command.getSubcommands().values()) {
            if (sub.getCommandName().equals("help")) continue;
            collect(sub, below, pages);
        }
    }

    /**
     * Writes the pages into {@code dir}: {@code java -cp jobs/target/sqlexam.jar
     * dev.sqlexam.jobs.cli.HelpPages docs/cli}.
     */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "docs/cli");
        Files.createDirectories(dir);
        for (var page : all().entrySet()) {
            Files.writeString(
                    dir.resolve(page.getKey() + ".txt"), page.getValue(), StandardCharsets.UTF_8);
        }
        Files.writeString(dir.resolve(USAGE_TABLE), UsageTable.text(), StandardCharsets.UTF_8);
    }
}
