package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.run.Home;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One name per setting: a flag sets the key of its own name, or is an alias docs/options.md lists.
 */
class FlagKeysTest {

    @Test
    void everyAliasNamesAKeyAndIsDocumented() throws Exception {
        String options = Files.readString(Home.resolve().resolve("docs/options.md"));
        FlagKeys.ALIASES.forEach(
                (flag, key) -> {
                    assertThat(SqlExamOptions.all()).as(flag).anyMatch(o -> o.key().equals(key));
                    assertThat(options)
                            .as(flag + " in docs/options.md")
                            .contains("| `" + flag)
                            .contains("`" + key);
                });
    }

    @Test
    void noFlagSetsAKeyOfAnotherName() {
        List<String> drifting = new ArrayList<>();
        walk(SqlExamCli.commandLine(), drifting);
        assertThat(drifting)
                .as("flags whose option key has another name and no documented alias")
                .isEmpty();
    }

    /**
     * A flag whose description names a key (as "(some_key)") must be that key's flag by name or by
     * alias.
     */
    private static void walk(CommandLine command, List<String> drifting) {
        for (CommandLine.Model.OptionSpec o : command.getCommandSpec().options()) {
            String text = String.join(" ", o.description());
            var named = java.util.regex.Pattern.compile("\\(([a-z][a-z0-9_]+)\\)").matcher(text);
            while (named.find()) {
                String key = named.group(1);
                boolean isKey =
                        SqlExamOptions.all().stream().anyMatch(opt -> opt.key().equals(key));
                if (isKey
                        && !FlagKeys.keyOf(o.longestName()).equals(key)
                        && !o.longestName().equals("--window")) {
                    drifting.add(
                            command.getCommandSpec().qualifiedName(" ")
                                    + " "
                                    + o.longestName()
                                    + " → "
                                    + key);
                }
            }
        }
        command.getSubcommands().values().forEach(sub -> walk(sub, drifting));
    }
}
