package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.SqlExamOptions;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

    /**
     * Flags that name a file or folder sqlexam reads: it must exist, which is checked before any
     * setup. (An import's hidden {@code --exam-set} names the file it writes.)
     */
    private static final Set<String> INPUTS =
            Set.of(
                    "--exam-set",
                    "--predictions",
                    "--variant",
                    "--replay",
                    "--config",
                    "--shadow",
                    "--alerts",
                    "--databases",
                    "--dev-json",
                    "--gold",
                    "--questions",
                    "--module-file",
                    "--test-suite-dir",
                    "--watch",
                    "--resume",
                    "--from");

    /** Of the inputs, those that may also be given as NAME=PATH (the name of the file's column). */
    static final Set<String> NAMED_INPUTS = Set.of("--predictions");

    private FlagKeys() {}

    /**
     * Whether {@code flag} of command {@code command} ("grade", "import spider") names an input.
     */
    static boolean readsPath(String command, String flag) {
        return INPUTS.contains(flag)
                && !(command.startsWith("import") && flag.equals("--exam-set"));
    }

    /**
     * What is wrong with {@code value} given to input flag {@code flag}: empty when the file or
     * folder it names exists.
     */
    static Optional<String> missingInput(String flag, String value) {
        if (Files.exists(Path.of(value))) return Optional.empty();
        int eq = value.indexOf('=');
        if (NAMED_INPUTS.contains(flag) && eq > 0) {
            String path = value.substring(eq + 1);
            if (Files.exists(Path.of(path))) return Optional.empty();
            return Optional.of(flag + ": no such file: " + path);
        }
        return Optional.of(flag + ": no such file or folder: " + value);
    }

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
