package dev.sqlexam.suite;

import java.util.List;

/**
 * Where a table's crowds stand while its rows are made: each crowd is one row repeated (keys aside)
 * as many times as its size, the crowds one after another after the table's other rows.
 */
final class CrowdRows {

    private final List<Integer> sizes;

    /** How many rows are made before the first crowd's. */
    private final int start;

    private int at;
    private int left;
    private String[] row;

    CrowdRows(List<Integer> sizes, int start) {
        this.sizes = sizes;
        this.start = start;
        this.left = sizes.isEmpty() ? 0 : sizes.get(0);
    }

    /** Rows all crowds add. */
    static int rowsOf(List<Integer> sizes) {
        return sizes.stream().mapToInt(Integer::intValue).sum();
    }

    /** Whether the next row, after {@code made} rows, belongs to a crowd. */
    boolean next(int made) {
        return at < sizes.size() && made >= start;
    }

    /** The current crowd's index. */
    int current() {
        return at;
    }

    /** The current crowd's size. */
    int size() {
        return sizes.get(at);
    }

    /** The current crowd's row, repeated; null before its first row is made. */
    String[] row() {
        return row;
    }

    /** A row of the current crowd is stored: the crowd moves on once it is full. */
    void stored(String[] stored) {
        if (row == null) row = stored;
        if (--left <= 0) {
            at++;
            left = at < sizes.size() ? sizes.get(at) : 0;
            row = null;
        }
    }
}
