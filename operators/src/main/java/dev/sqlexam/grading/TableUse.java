package dev.sqlexam.grading;

/**
 * A table in a FROM chain: its name, how it is joined ("inner", "left", "right", "full", "cross"),
 * the block it is in and its position there (for telling a table put in another's place), and
 * whether the block joins it with other tables at all.
 */
record TableUse(String table, String joinKind, String blockPath, int position, boolean joined) {}
