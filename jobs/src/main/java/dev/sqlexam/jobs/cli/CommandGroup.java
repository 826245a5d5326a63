package dev.sqlexam.jobs.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command that only groups subcommands: named alone, it is wrong usage that lists them. */
public abstract class CommandGroup implements Runnable {

    @Spec CommandSpec spec;

    @Override
    public void run() {
        throw UsageErrors.of(
                spec,
                "'"
                        + spec.qualifiedName(" ").replaceFirst("^sqlexam ", "")
                        + "' needs a command: "
                        + String.join(
                                ", ",
                                spec.subcommands().keySet().stream()
                                        .filter(n -> !n.equals("help"))
                                        .toList()));
    }
}
