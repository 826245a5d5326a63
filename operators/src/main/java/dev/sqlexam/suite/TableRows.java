package dev.sqlexam.suite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A suite table's rows as evidence holds them: each row the text of its columns, in the table's
 * column order.
 */
final class TableRows {

    private TableRows() {}

    static List<String[]> read(Connection c, SuiteSchema.Table table) throws SQLException {
        List<String[]> rows = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM " + table.qualified())) {
            int n = table.columns().size();
            while (rs.next()) {
                String[] row = new String[n];
                for (int i = 0; i < n; i++) row[i] = rs.getString(i + 1);
                rows.add(row);
            }
        }
        return rows;
    }

    /** The values of {@code columns} in a row of {@code table}, in the order of {@code columns}. */
    static List<String> values(String[] row, SuiteSchema.Table table, List<String> columns) {
        List<String> out = new ArrayList<>(columns.size());
        for (String col : columns) out.add(row[table.columns().indexOf(table.column(col))]);
        return out;
    }
}
