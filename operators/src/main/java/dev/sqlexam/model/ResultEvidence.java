package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;

/**
 * The rows that show a wrong prediction, bounded: the first rows of the gold's result and of the
 * prediction's (cells as text, cut at a length), and where both ran with the same shape the first
 * difference, with the prediction's columns aligned to the gold's as the grader compared them.
 * {@code predColumns} and {@code predRows} are null when the prediction did not run; {@code
 * truncated} says rows or cells were cut to stay within the limits.
 */
public record ResultEvidence(
        List<String> goldColumns,
        List<List<String>> goldRows,
        List<String> predColumns,
        List<List<String>> predRows,
        Difference difference,
        boolean truncated)
        implements Serializable {

    /** Same rows in another order: the first position where the two differ. */
    public static final String ORDER_DIFFERS = "order_differs";

    /**
     * Different rows: the first gold row the prediction lacks, the first it has that the gold
     * lacks.
     */
    public static final String ROWS_DIFFER = "rows_differ";

    /**
     * The first difference: {@code kind} {@link #ORDER_DIFFERS} (at {@code row}, 1-based, each
     * side's row there) or {@link #ROWS_DIFFER} ({@code goldRow}: the first gold row, in the gold's
     * order, with no equal predicted row, null when every one has; {@code predRow}: the first
     * predicted row with no equal gold row, null when every one has). {@code alignment}: for each
     * gold column, the predicted column (1-based) compared with it.
     */
    public record Difference(
            String kind,
            Integer row,
            List<String> goldRow,
            List<String> predRow,
            List<Integer> alignment)
            implements Serializable {}
}
