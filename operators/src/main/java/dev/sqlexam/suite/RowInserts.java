package dev.sqlexam.suite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Inserts a table's rows, as text cast to each column's type: in one statement when every row
 * takes, else one by one, a row a constraint refuses left out (or, refused by a check, tried once
 * more as mended).
 */
final class RowInserts {

    private static final String CHECK_VIOLATION = "23514";

    private RowInserts() {}

    /**
     * Inserts {@code rows}, in one statement when every row takes, else one by one (a row a
     * constraint refuses is left out); the rows stored.
     */
    static List<String[]> insert(Connection c, SuiteSchema.Table t, List<String[]> rows)
            throws SQLException {
        return insert(c, t, rows, null);
    }

    /**
     * As {@link #insert(Connection, SuiteSchema.Table, List)}; a row a check refuses is tried once
     * more as {@code mend} makes it (null: not).
     */
    static List<String[]> insert(
            Connection c, SuiteSchema.Table t, List<String[]> rows, UnaryOperator<String[]> mend)
            throws SQLException {
        RowArrays arrays = new RowArrays(t);
        if (rows.isEmpty() || !arrays.any()) return List.of();
        if (insertedAtOnce(c, t, arrays, rows)) return rows;
        String sql =
                "INSERT INTO "
                        + t.qualified()
                        + " ("
                        + String.join(", ", arrays.names())
                        + ") VALUES ("
                        + arrays.oneRow()
                        + ")";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            return insertedOneByOne(c, ps, rows, arrays.columns(), mend);
        }
    }

    /**
     * Whether every row took in one statement, in their order (else none did: rolled back). One
     * statement of a text array per column ({@link RowArrays}), not a batch of one statement a row.
     * Its constraints are checked as one statement's: the tables it fills have no foreign keys yet
     * (a row pointing at a later row of its table would take here, and not in a batch).
     */
    private static boolean insertedAtOnce(
            Connection c, SuiteSchema.Table t, RowArrays arrays, List<String[]> rows)
            throws SQLException {
        String names = String.join(", ", arrays.names());
        String sql =
                "INSERT INTO "
                        + t.qualified()
                        + " ("
                        + names
                        + ") SELECT "
                        + names
                        + " FROM ("
                        + arrays.typedRows()
                        + ") AS v ORDER BY "
                        + RowArrays.POSITION;
        // null: a row refused, the rows are inserted one by one
        return Refusable.orNull(
                        c,
                        () -> {
                            try (PreparedStatement ps = c.prepareStatement(sql)) {
                                arrays.bind(c, ps, rows);
                                return ps.executeUpdate();
                            }
                        })
                != null;
    }

    private static List<String[]> insertedOneByOne(
            Connection c,
            PreparedStatement ps,
            List<String[]> rows,
            List<Integer> columns,
            UnaryOperator<String[]> mend)
            throws SQLException {
        List<String[]> kept = new ArrayList<>();
        for (String[] row : rows) {
            String refusal = insertOne(c, ps, row, columns);
            String[] mended =
                    CHECK_VIOLATION.equals(refusal) && mend != null ? mend.apply(row) : null;
            if (refusal == null) kept.add(row);
            else if (mended != null && insertOne(c, ps, mended, columns) == null) kept.add(mended);
        }
        return kept;
    }

    /**
     * Inserts one row: null when it took, else the SQLSTATE that refused it (rolled back to before
     * it).
     */
    private static String insertOne(
            Connection c, PreparedStatement ps, String[] row, List<Integer> columns)
            throws SQLException {
        Savepoint one = c.setSavepoint();
        try {
            bind(ps, row, columns);
            ps.executeUpdate();
            return null;
        } catch (SQLException e) {
            c.rollback(one);
            return e.getSQLState() == null ? "" : e.getSQLState();
        }
    }

    private static void bind(PreparedStatement ps, String[] row, List<Integer> columns)
            throws SQLException {
        for (int k = 0; k < columns.size(); k++) ps.setString(k + 1, row[columns.get(k)]);
    }
}
