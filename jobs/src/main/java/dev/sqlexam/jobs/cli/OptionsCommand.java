package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Option;
import dev.sqlexam.config.OptionsTable;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.Map;
import java.util.concurrent.Callable;

/** {@code sqlexam options}: every option with its value and where the value came from. */
@Command(
        name = "options",
        mixinStandardHelpOptions = true,
        description =
                "List every option (feature flags included) with its current value and source.")
final class OptionsCommand implements Callable<Integer> {

    @picocli.CommandLine.Option(
            names = "--markdown",
            description = "Print the README's options table.")
    boolean markdown;

    @Mixin CommonOptions common;

    @Override
    public Integer call() {
        if (markdown) {
            System.out.print(OptionsTable.markdown());
            return 0;
        }
        Settings settings = common.settings(Map.of());
        for (Option<?> o : SqlExamOptions.all()) {
            Object value = o.secret() ? "***" : settings.get(o);
            System.out.printf(
                    "%-36s %-22s (%s%s)%n",
                    o.key(),
                    value,
                    settings.sourceOf(o),
                    o.inEffect() ? "" : ", stage not built yet");
        }
        return 0;
    }
}
