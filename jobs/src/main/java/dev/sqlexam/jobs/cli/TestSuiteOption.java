package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.SqlExamOptions;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code --test-suite N}: grade on N fuzzed databases of each exam database's schema besides the database itself. */
final class TestSuiteOption {

    @Option(names = "--test-suite", paramLabel = "N", description = "Also grade on a test suite of N small fuzzed databases of each exam "
            + "database's schema (test_suite_size; 0: off). Built once into sqlexam's own server and cached; a prediction that "
            + "differs from the gold on one is suite_mismatch, with the rows that show it.")
    Integer size;

    /** Puts the size into the command's option overrides. */
    Map<String, String> apply(Map<String, String> extra) {
        if (size != null) {
            if (size < 0) throw new IllegalArgumentException("--test-suite must be 0 or more, was " + size);
            extra.put(SqlExamOptions.TEST_SUITE_SIZE.key(), Integer.toString(size));
        }
        return extra;
    }
}
