package dev.sqlexam.sql;

/**
 * Error messages as one line: what a trace, a verdict or a console line shows of a library's
 * multi-line message.
 */
public final class ErrorText {

    private ErrorText() {}

    /** The message up to its first line break; null stays null. */
    public static String firstLine(String message) {
        if (message == null) return null;
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
