package dev.sqlexam.jobs.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Wrong usage, answered as ./sqlexam answers it before any setup (scripts/lib/usage.sh): {@code
 * [sqlexam] error: …}, a "did you mean" for a near miss, {@code [sqlexam] see ./sqlexam CMD
 * --help}, exit 2.
 */
final class UsageErrors implements CommandLine.IParameterExceptionHandler {

    private static final Pattern NOT_A_NUMBER =
            Pattern.compile(
                    "Invalid value for option '(.+?)': '(.*)' is not an? (int|long|double|float)");
    private static final Pattern NOT_KEY_VALUE =
            Pattern.compile(
                    "Value for option option '(.+?)' .* should be in KEY=VALUE format but was (.*)");

    /**
     * Runs the command the line names once the values of its shared options are known to be right.
     */
    static int checkThenRun(CommandLine.ParseResult parsed) {
        List<CommandLine> chain = parsed.asCommandLineList();
        Object common =
                chain.get(chain.size() - 1).getCommandSpec().mixins().containsKey("common")
                        ? chain.get(chain.size() - 1)
                                .getCommandSpec()
                                .mixins()
                                .get("common")
                                .userObject()
                        : null;
        if (common instanceof CommonOptions options) options.checkGiven();
        requireInputs(chain.get(chain.size() - 1), parsed);
        return new CommandLine.RunLast().execute(parsed);
    }

    /** Every file or folder the command line names to read exists, before any setup. */
    private static void requireInputs(CommandLine command, CommandLine.ParseResult parsed) {
        CommandLine.ParseResult last = parsed;
        while (last.hasSubcommand()) last = last.subcommand();
        String path = commandPath(command);
        for (var option : last.matchedOptions()) {
            String flag = option.longestName();
            if (!FlagKeys.readsPath(path, flag)) continue;
            for (String value : option.originalStringValues()) {
                var missing = FlagKeys.missingInput(flag, value);
                if (missing.isPresent()) throw of(command.getCommandSpec(), missing.get());
            }
        }
    }

    /** "grade", "import spider": the command's path under sqlexam. */
    static String commandPath(CommandLine command) {
        String qualified = command.getCommandSpec().qualifiedName(" ");
        int space = qualified.indexOf(' ');
        return space < 0 ? "" : qualified.substring(space + 1);
    }

    /** A bad value with the nearest right ones, as the script suggests them. */
    static final class Suggesting extends ParameterException {
        final List<String> near;

        Suggesting(CommandLine command, String message, List<String> near) {
            super(command, message);
            this.near = near;
        }
    }

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println("[sqlexam] error: " + inOurWords(e.getMessage()));
        if (e instanceof Suggesting suggesting && !suggesting.near.isEmpty())
            err.println("[sqlexam] did you mean " + String.join(" or ", suggesting.near) + "?");
        if (e instanceof UnmatchedArgumentException unmatched) {
            List<String> near =
                    unmatched.getUnmatched().isEmpty()
                            ? List.of()
                            : benchmark(unmatched.getUnmatched().get(0))
                                    .orElseGet(
                                            () ->
                                                    nearest(
                                                            unmatched.getUnmatched().get(0),
                                                            unmatched.getSuggestions()));
            if (!near.isEmpty())
                err.println("[sqlexam] did you mean " + String.join(" or ", near) + "?");
        }
        err.println("[sqlexam] see " + path(command) + " --help");
        err.flush();
        return ExitCode.USAGE.code;
    }

    /** A public benchmark's name where a command was expected: its import is what was meant. */
    static java.util.Optional<List<String>> benchmark(String word) {
        return java.util.Set.of("spider", "bird", "defog").contains(word)
                ? java.util.Optional.of(List.of("import " + word))
                : java.util.Optional.empty();
    }

    /** picocli's wording of a bad value, as the script words it. */
    static String inOurWords(String message) {
        Matcher number = NOT_A_NUMBER.matcher(message);
        if (number.find()) {
            return number.group(1)
                    + ": '"
                    + number.group(2)
                    + "' is not "
                    + (number.group(3).startsWith("d") || number.group(3).startsWith("f")
                            ? "a number"
                            : "a whole number");
        }
        Matcher keyValue = NOT_KEY_VALUE.matcher(message);
        if (keyValue.find())
            return keyValue.group(1) + " takes key=value, not '" + keyValue.group(2) + "'";
        return message;
    }

    static ParameterException of(CommandLine.Model.CommandSpec command, String message) {
        return new ParameterException(command.commandLine(), message);
    }

    /** "./sqlexam exam", "./sqlexam bench throughput". */
    static String path(CommandLine command) {
        return "./" + command.getCommandSpec().qualifiedName(" ");
    }

    /**
     * The candidates within two edits of {@code word} (or that it begins), closest first, at most
     * two.
     */
    static List<String> nearest(String word, Collection<String> candidates) {
        String w = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        return candidates.stream()
                .filter(c -> distance(w, c) <= 2 || (w.length() >= 4 && c.startsWith(w)))
                .sorted(Comparator.comparingInt(c -> distance(w, c)))
                .distinct()
                .limit(2)
                .toList();
    }

    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) previous[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
