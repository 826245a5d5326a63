package dev.sqlexam.jobs.cli;

import dev.sqlexam.jobs.exam.ExamSetCheck;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code sqlexam exam-set check PATH}: the gold health check of an exam set. */
@Command(
        name = "exam-set",
        mixinStandardHelpOptions = true,
        description = "Tools for exam sets.",
        subcommands = {ExamSetCommand.Check.class})
final class ExamSetCommand extends CommandGroup {

    @Command(
            name = "check",
            mixinStandardHelpOptions = true,
            description =
                    "Run every gold query twice as the read-only role; flag errors, timeouts, empty results, "
                            + "non-determinism, row-cap overflows and ORDER BY ... LIMIT ties. Exits 4 on any finding.")
    static final class Check implements Callable<Integer> {

        @Parameters(paramLabel = "PATH", description = "An exam set (JSONL) or a folder of them.")
        Path path;

        @Option(
                names = "--threads",
                defaultValue = "4",
                description = "Queries in parallel (default ${DEFAULT-VALUE}).")
        int threads;

        @Mixin CommonOptions common;

        @Override
        public Integer call() throws Exception {
            int findings =
                    new ExamSetCheck(common.settings(Map.of()), threads, System.out).run(path);
            return findings == 0 ? ExitCode.DONE.code : ExitCode.NO_RESULT.code;
        }
    }
}
