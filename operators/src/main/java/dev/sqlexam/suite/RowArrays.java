package dev.sqlexam.suite;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's rows sent as one text array per insertable column and typed on the server: {@code
 * unnest} of the arrays, each cast to its column's type under the column's name, with the rows'
 * positions. Its text depends on the table alone, so a connection that loads the table again (a
 * pool's scratch database, a candidate after another) reuses its statement (PgJDBC prepares it on
 * the server from its fifth use), where a {@code VALUES} list of the rows was a new statement of
 * rows × columns parameters each time (ERP: 4.4 ms a table, about half of a candidate's load). A
 * table's own column named {@link #POSITION} makes the statement ambiguous: it then fails, and its
 * callers fall back as for any failure (the rows one by one).
 */
final class RowArrays {

    /** The rows' positions, from 1, under a name no column of a schema is expected to have. */
    static final String POSITION = "sqlexam_row_position";

    private final List<Integer> columns = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final List<String> casts = new ArrayList<>();
    private final String typedRows;

    RowArrays(SuiteSchema.Table t) {
        List<String> arrays = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        List<String> typed = new ArrayList<>();
        for (int i = 0; i < t.columns().size(); i++) {
            SuiteSchema.Column col = t.columns().get(i);
            if (!col.insertable()) continue;
            String alias = "sqlexam_c" + columns.size();
            columns.add(i);
            names.add(SuiteSchema.quote(col.name()));
            arrays.add("CAST(? AS text[])");
            aliases.add(alias);
            casts.add("CAST(? AS " + col.type() + ")");
            typed.add(
                    "CAST(u."
                            + alias
                            + " AS "
                            + col.type()
                            + ") AS "
                            + names.get(names.size() - 1));
        }
        typedRows =
                columns.isEmpty()
                        ? null
                        : "SELECT u."
                                + POSITION
                                + ", "
                                + String.join(", ", typed)
                                + " FROM unnest("
                                + String.join(", ", arrays)
                                + ") WITH ORDINALITY AS u("
                                + String.join(", ", aliases)
                                + ", "
                                + POSITION
                                + ")";
    }

    /** Whether the table has a column to insert (else there is no statement). */
    boolean any() {
        return typedRows != null;
    }

    /** The quoted names of the insertable columns, in the table's order. */
    List<String> names() {
        return names;
    }

    /** The indexes of the insertable columns in the table's columns. */
    List<Integer> columns() {
        return columns;
    }

    /**
     * One row's values as parameters, each cast to its column's type: {@code CAST(? AS int), …}.
     */
    String oneRow() {
        return String.join(", ", casts);
    }

    /**
     * A query of the rows: {@link #POSITION} and each insertable column, typed and named as in the
     * table; its parameters are bound by {@link #bind}.
     */
    String typedRows() {
        return typedRows;
    }

    /** Binds {@code rows}' values, a text array per insertable column. */
    void bind(Connection c, PreparedStatement ps, List<String[]> rows) throws SQLException {
        for (int k = 0; k < columns.size(); k++) {
            String[] values = new String[rows.size()];
            int col = columns.get(k);
            for (int r = 0; r < rows.size(); r++) values[r] = rows.get(r)[col];
            Array array = c.createArrayOf("text", values);
            ps.setArray(k + 1, array);
        }
    }
}
