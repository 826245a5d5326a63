package dev.sqlexam.jobs.cli;

import java.util.Arrays;
import java.util.List;

/**
 * The exit codes every command follows, the jar's and the script's alike; the help's footer and
 * docs/outputs.md's table ({@code ExitCodeTest}) list them from here.
 */
public enum ExitCode {
    DONE(0, "done", "the command did what it was asked"),
    ERROR(1, "an error", "the message says what and where"),
    USAGE(
            2,
            "wrong usage",
            "an unknown command or option, or a bad value (answered before any setup)"),
    NOT_READY(
            3,
            "not ready",
            "the pre-flight check stopped the run before anything ran (read access, connection slots), "
                    + "or a status command found its service not running"),
    NO_RESULT(
            4,
            "no result",
            "nothing was graded, ask got no answer, import imported nothing, or exam-set check found"
                    + " problems"),
    BELOW_THRESHOLD(
            5,
            "under a threshold",
            "--fail-under: a column's metric is under its threshold, or the run did not measure it");

    public final int code;
    public final String label;
    public final String meaning;

    ExitCode(int code, String label, String meaning) {
        this.code = code;
        this.label = label;
        this.meaning = meaning;
    }

    /** The rows of docs/outputs.md's table. */
    public static List<String> markdownRows() {
        return Arrays.stream(values())
                .map(e -> "| " + e.code + " | " + e.label + " | " + e.meaning + " |")
                .toList();
    }
}
