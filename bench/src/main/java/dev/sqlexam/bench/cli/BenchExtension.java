package dev.sqlexam.bench.cli;

import dev.sqlexam.jobs.cli.CliExtension;

/** {@code sqlexam bench}, listed after {@code index}, when the bench's jar is on the class path. */
public final class BenchExtension implements CliExtension {

    @Override
    public Object command() {
        return BenchCommand.class;
    }

    @Override
    public String after() {
        return "index";
    }
}
