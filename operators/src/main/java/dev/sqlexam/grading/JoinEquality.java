package dev.sqlexam.grading;

/**
 * An equality between two tables' columns: a join condition in ON or WHERE, or ({@code implied})
 * the one an {@code x IN (SELECT y FROM ...)} makes, which only answers for the other query's join.
 */
record JoinEquality(ColumnRef left, ColumnRef right, boolean implied) {

    String display() {
        return left.qualified() + " = " + right.qualified();
    }

    boolean involves(String table) {
        return left.table() != null && table.equals(SqlNames.baseTable(left.table()))
                || right.table() != null && table.equals(SqlNames.baseTable(right.table()));
    }
}
