package dev.sqlexam.grading;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import java.io.Serializable;

/**
 * How a prediction is graded and what a wrong one keeps: the values' tolerance, and the bounds of
 * the rows kept to show it ({@code evidence_rows} rows a side, cells of {@code
 * evidence_cell_chars}, at most {@code evidence_max_bytes} in all; 0 rows: none kept).
 */
public record GradingRules(Tolerance tolerance, EvidenceLimits evidence) implements Serializable {

    public static final GradingRules DEFAULT =
            new GradingRules(Tolerance.DEFAULT, EvidenceLimits.DEFAULT);

    public static GradingRules from(Settings s) {
        return new GradingRules(
                Tolerance.from(s),
                new EvidenceLimits(
                        s.get(SqlExamOptions.EVIDENCE_ROWS),
                        s.get(SqlExamOptions.EVIDENCE_CELL_CHARS),
                        s.get(SqlExamOptions.EVIDENCE_MAX_BYTES)));
    }

    /** Rows a side, characters a cell, bytes in all. */
    public record EvidenceLimits(int rows, int cellChars, int maxBytes) implements Serializable {

        public static final EvidenceLimits DEFAULT = new EvidenceLimits(5, 80, 4096);

        public boolean off() {
            return rows <= 0;
        }
    }
}
