package dev.sqlexam.model;

import java.io.Serializable;

/** An input line that could not become a question, with where it was and why. */
public record RejectedLine(String source, long lineNumber, String reason, String line)
        implements Serializable {

    private static final int MAX_LINE = 2_000;

    public RejectedLine {
        if (line != null && line.length() > MAX_LINE) line = line.substring(0, MAX_LINE) + "…";
    }
}
