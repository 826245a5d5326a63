package dev.sqlexam.jobs;

import dev.sqlexam.jobs.run.Home;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sqlexam.jobs.cli.HelpPages;
import dev.sqlexam.jobs.cli.UsageTable;
import dev.sqlexam.jobs.cli.SqlExamCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** One command list and one help text per command, for the jar, the ./sqlexam script and the README. */
class HelpPagesTest {

    private static final Path HOME = Home.resolve();

    @Test
    void theScriptsHelpPagesAreWhatTheJarPrints() throws Exception {
        Map<String, String> pages = HelpPages.all();
        for (var page : pages.entrySet()) {
            Path file = HOME.resolve("docs/cli/" + page.getKey() + ".txt");
            assertThat(file).as("regenerate: java -cp jobs/target/sqlexam.jar dev.sqlexam.jobs.cli.HelpPages docs/cli").exists();
            assertThat(Files.readString(file)).as(file.toString()).isEqualTo(page.getValue());
        }
        try (Stream<Path> files = Files.list(HOME.resolve("docs/cli"))) {
            assertThat(files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".txt")).map(f -> f.replace(".txt", ""))
                    .collect(Collectors.toSet()))
                    .as("no page of a command that is gone").isEqualTo(pages.keySet());
        }
    }

    @Test
    void everyCommandsSummaryIsACompleteSentence() {
        String help = SqlExamCli.commandLine().getUsageMessage(picocli.CommandLine.Help.Ansi.OFF);
        String commands = help.substring(help.indexOf("Commands:"), help.indexOf("\n\n", help.indexOf("Commands:")));
        for (String entry : commands.split("\n(?=  \\S)")) {
            if (entry.startsWith("Commands:")) continue;
            assertThat(entry.strip()).as("the help's summary of " + entry.strip().split("\\s+")[0]).endsWith(".");
        }
    }

    @Test
    void theScriptsUsageTableIsTheJarsModel() throws Exception {
        assertThat(Files.readString(HOME.resolve("docs/cli/" + HelpPages.USAGE_TABLE)))
                .as("regenerate: java -cp jobs/target/sqlexam.jar dev.sqlexam.jobs.cli.HelpPages docs/cli").isEqualTo(UsageTable.text());
    }

    @Test
    void theScriptTheJarAndTheReadmeKnowTheSameCommands() throws Exception {
        Set<String> jar = new TreeSet<>(SqlExamCli.commandLine().getSubcommands().keySet());
        String script = Files.readString(HOME.resolve("sqlexam"));
        Set<String> scripted = new TreeSet<>();
        Matcher lists = Pattern.compile("(?m)^(?:JAVA|SCRIPT)_COMMANDS=\"([^\"]*)\"").matcher(script);
        while (lists.find()) scripted.addAll(Set.of(lists.group(1).trim().split("\\s+")));
        assertThat(scripted).isEqualTo(jar);
        String readme = Files.readString(HOME.resolve("README.md"));
        for (String command : jar) assertThat(readme).as("the README names ./sqlexam " + command).contains("./sqlexam " + command);
    }
}
