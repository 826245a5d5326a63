package dev.sqlexam.bench;

import dev.sqlexam.jobs.cli.HelpPages;
import dev.sqlexam.jobs.cli.SqlExamCli;
import dev.sqlexam.jobs.cli.UsageTable;
import dev.sqlexam.jobs.run.Home;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One command list and one help text per command, for the jar, the ./sqlexam script and the README.
 */
class HelpPagesTest {

    private static final Path HOME = Home.resolve();

    @Test
    void theScriptsHelpPagesAreWhatTheJarPrints() throws Exception {
        Map<String, String> pages = HelpPages.all();
        for (var page : pages.entrySet()) {
            Path file = HOME.resolve("docs/cli/" + page.getKey() + ".txt");
            assertThat(file)
                    .as(
                            "regenerate: java -cp jobs/target/sqlexam.jar dev.sqlexam.jobs.cli.HelpPages docs/cli")
                    .exists();
            assertThat(Files.readString(file)).as(file.toString()).isEqualTo(page.getValue());
        }
        try (Stream<Path> files = Files.list(HOME.resolve("docs/cli"))) {
            assertThat(
                            files.map(f -> f.getFileName().toString())
                                    .filter(f -> f.endsWith(".txt"))
                                    .map(f -> f.replace(".txt", ""))
                                    .collect(Collectors.toSet()))
                    .as("no page of a command that is gone")
                    .isEqualTo(pages.keySet());
        }
    }

    @Test
    void everyCommandsSummaryIsACompleteSentence() {
        String help = SqlExamCli.commandLine().getUsageMessage(picocli.CommandLine.Help.Ansi.OFF);
        String commands =
                help.substring(
                        help.indexOf("Commands:"), help.indexOf("\n\n", help.indexOf("Commands:")));
        for (String entry : commands.split("\n(?=  \\S)")) {
            if (entry.startsWith("Commands:")) continue;
            assertThat(entry.strip())
                    .as("the help's summary of " + entry.strip().split("\\s+")[0])
                    .endsWith(".");
        }
    }

    @Test
    void theScriptsUsageTableIsTheJarsModel() throws Exception {
        assertThat(Files.readString(HOME.resolve("docs/cli/" + HelpPages.USAGE_TABLE)))
                .as(
                        "regenerate: java -cp jobs/target/sqlexam.jar dev.sqlexam.jobs.cli.HelpPages docs/cli")
                .isEqualTo(UsageTable.text());
    }

    @Test
    void theScriptTheJarAndTheReadmeKnowTheSameCommands() throws Exception {
        Set<String> jar = new TreeSet<>(SqlExamCli.commandLine().getSubcommands().keySet());
        String script = Files.readString(HOME.resolve("sqlexam"));
        Set<String> scripted = new TreeSet<>();
        Matcher lists =
                Pattern.compile("(?m)^(?:JAVA|SCRIPT)_COMMANDS=\"([^\"]*)\"").matcher(script);
        while (lists.find()) scripted.addAll(Set.of(lists.group(1).trim().split("\\s+")));
        assertThat(scripted).isEqualTo(jar);
        String readme = Files.readString(HOME.resolve("README.md"));
        for (String command : jar)
            assertThat(readme)
                    .as("the README names ./sqlexam " + command)
                    .contains("./sqlexam " + command);
    }

    /**
     * The README's command table lists every subcommand where it lists a command's subcommands
     * ({@code ./sqlexam bench retrieval|repair|…}), and no other.
     */
    @Test
    void theReadmesSubcommandListsAreEverySubcommand() throws Exception {
        String readme = Files.readString(HOME.resolve("README.md"));
        Matcher lists =
                Pattern.compile("`\\./sqlexam ([a-z-]+) ([a-z-]+(?:\\\\\\|[a-z-]+)+)`")
                        .matcher(readme);
        var commands = SqlExamCli.commandLine().getSubcommands();
        int found = 0;
        while (lists.find()) {
            found++;
            String command = lists.group(1);
            assertThat(commands).as("./sqlexam " + command).containsKey(command);
            assertThat(new TreeSet<>(Set.of(lists.group(2).split("\\\\\\|"))))
                    .as("the README's list of ./sqlexam " + command + "'s subcommands")
                    .isEqualTo(new TreeSet<>(commands.get(command).getSubcommands().keySet()));
        }
        assertThat(found).as("lists of subcommands in the README").isGreaterThanOrEqualTo(5);
    }

    /**
     * picocli wraps every paragraph: a line of running text that ends mid-sentence is followed by a
     * word that would not have fitted on it (hand-wrapped text wider or narrower than picocli's
     * width breaks lines where nothing forced it).
     */
    @Test
    void noHelpLineBreaksWhereTheNextWordWouldHaveFitted() {
        int fits = 110 - 1;
        java.util.List<String> breaks = new java.util.ArrayList<>();
        HelpPages.all()
                .forEach(
                        (page, text) -> {
                            java.util.List<String> lines = text.lines().toList();
                            for (int i = 1; i + 1 < lines.size(); i++) {
                                String line = lines.get(i).stripTrailing();
                                String next = lines.get(i + 1);
                                if (line.isBlank()
                                        || next.isBlank()
                                        || indent(line) != indent(next)) continue;
                                if (line.matches(".*[.:;!?)]$") || next.strip().startsWith("-"))
                                    continue;
                                String word = next.strip().split("\\s+")[0];
                                if (line.length() + 1 + word.length() <= fits)
                                    breaks.add(page + ": '" + line.strip() + "' | '" + word + "'");
                            }
                        });
        assertThat(breaks).as("lines broken where the next word fitted").isEmpty();
    }

    private static int indent(String line) {
        return line.length() - line.stripLeading().length();
    }
}
