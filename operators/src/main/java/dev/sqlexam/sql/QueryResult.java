package dev.sqlexam.sql;

import java.util.List;

/**
 * The rows a query returned, with values already canonical (see {@link ResultValues}): exact
 * numbers as stripped {@code BigDecimal}, floats as {@code Double}, temporals as ISO text. {@code
 * truncated} is set when the row cap cut the result; {@code undecodableText} when a SQLite text
 * value was not UTF-8 and lost the bytes that were not (Python's default reader fails on it).
 */
public record QueryResult(
        List<String> columnNames,
        List<ColumnKind> kinds,
        List<List<Object>> rows,
        boolean truncated,
        boolean undecodableText) {

    public QueryResult(
            List<String> columnNames,
            List<ColumnKind> kinds,
            List<List<Object>> rows,
            boolean truncated) {
        this(columnNames, kinds, rows, truncated, false);
    }

    public QueryResult {
        columnNames = List.copyOf(columnNames);
        kinds = List.copyOf(kinds);
        rows = List.copyOf(rows);
    }

    public int columnCount() {
        return kinds.size();
    }

    public int rowCount() {
        return rows.size();
    }

    public static QueryResult of(List<ColumnKind> kinds, List<List<Object>> rows) {
        var names = new java.util.ArrayList<String>();
        for (int i = 0; i < kinds.size(); i++) names.add("c" + (i + 1));
        return new QueryResult(names, kinds, rows, false);
    }
}
