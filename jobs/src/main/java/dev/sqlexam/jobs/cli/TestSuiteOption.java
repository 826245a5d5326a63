package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.assembly.TestSuitePreparation;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.Map;

/**
 * {@code --test-suite N|auto}: grade on fuzzed databases of each exam database's schema besides the
 * database itself; {@code --test-suite-dir DIR}: on Spider's official test-suite databases.
 */
final class TestSuiteOption {

    @Option(
            names = "--test-suite",
            paramLabel = "N|auto",
            description =
                    "Also grade on a test suite of small fuzzed databases of each exam "
                            + "database's schema (test_suite_size): N distils up to N from a pool of candidates and tops up to N; auto distils until "
                            + "coverage stops growing; 0: off. Built once into sqlexam's own server and cached; a prediction that differs from its "
                            + "gold on one is suite_mismatch, with the rows that show it.")
    String size;

    @Option(
            names = "--test-suite-dir",
            paramLabel = "DIR",
            description =
                    "Spider's official test-suite databases (test_suite_dir): a folder of <db>/*.sqlite, as "
                            + "test-suite-sql-eval's --db takes it. Each Spider prediction also runs with its gold on every "
                            + "*.sqlite of its database's folder, for Spider's TS figure (spider_ts_correct).")
    java.nio.file.Path dir;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** Puts the size and the folder into the command's option overrides. */
    Map<String, String> apply(Map<String, String> extra) {
        if (dir != null) {
            if (!java.nio.file.Files.isDirectory(dir))
                throw UsageErrors.of(command, "--test-suite-dir: no folder at " + dir);
            extra.put(
                    SqlExamOptions.TEST_SUITE_DIR.key(),
                    dir.toAbsolutePath().normalize().toString());
        }
        if (size == null) return extra;
        try {
            extra.put(SqlExamOptions.TEST_SUITE_SIZE.key(), TestSuitePreparation.checkedSize(size));
        } catch (IllegalArgumentException e) {
            throw UsageErrors.of(command, "--test-suite: " + e.getMessage());
        }
        return extra;
    }
}
