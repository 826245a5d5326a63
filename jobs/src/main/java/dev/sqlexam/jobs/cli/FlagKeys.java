package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.SqlExamOptions;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which option key a command-line flag sets: {@code --exam-set} sets {@code exam_set}, and so on,
 * except for the aliases below, where a shorter flag is kept for a key whose name says more
 * (docs/options.md lists them).
 */
final class FlagKeys {

    /** Flags whose key is not the flag's own name. */
    static final Map<String, String> ALIASES =
            Map.of(
                    "--model", SqlExamOptions.LLM_MODEL.key(),
                    "--test-suite", SqlExamOptions.TEST_SUITE_SIZE.key(),
                    "--no-grant", SqlExamOptions.GRANT_READ_ACCESS.key(),
                    "--alerts", SqlExamOptions.WATCH_ALERT_RULES.key(),
                    "--r-ves", SqlExamOptions.R_VES_ITERATIONS.key());

    /**
     * Bounds ("min max", "-": none) of flags that set no key directly, checked before setup as the
     * command checks them.
     */
    static final Map<String, String> BOUNDS =
            Map.of("--window", "1 -", "--shadow-rate", "0 1", "--max-rows", "0 -");

    /** Choices of flags that set no key directly. */
    static final Map<String, List<String>> CHOICES =
            Map.of("--dialect", List.of("auto", "sqlite", "postgres"));

    private FlagKeys() {}

    static String keyOf(String flag) {
        return ALIASES.getOrDefault(flag, flag.replaceFirst("^--", "").replace('-', '_'));
    }

    static Optional<Option<?>> optionOf(String flag) {
        String key = keyOf(flag);
        return SqlExamOptions.all().stream().filter(o -> o.key().equals(key)).findFirst();
    }

    /**
     * How the user set {@code key} on this command line: the command's flag for it, else {@code
     * --set key}.
     */
    static String flagFor(CommandSpec command, String key) {
        if (command != null) {
            for (OptionSpec o : command.options()) {
                if (o.longestName().startsWith("--") && keyOf(o.longestName()).equals(key))
                    return o.longestName();
            }
        }
        return "--set " + key;
    }
}
