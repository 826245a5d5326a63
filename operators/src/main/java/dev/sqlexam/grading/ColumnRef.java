package dev.sqlexam.grading;

/**
 * A column a query refers to: its table (alias resolved; null where the query does not say which of
 * its tables has it) and its name; {@code level}: how many enclosing queries out its table was
 * found (0: its own block).
 */
record ColumnRef(String table, String column, int level) {

    String qualified() {
        return table == null ? column : table + "." + column;
    }
}
