package dev.sqlexam.grading;

import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The names a SELECT block's columns may be qualified with (its tables, their aliases, its derived
 * tables), looked up here first and then in the enclosing blocks, as SQL resolves a correlated
 * reference.
 */
final class Scope {

    private final Scope parent;
    private final Map<String, String> tableByQualifier = new HashMap<>();
    private final List<String> fromItems = new ArrayList<>();

    Scope(Scope parent) {
        this.parent = parent;
    }

    /**
     * A FROM item: a table's name, or a derived table's placeholder, and its alias if any. A table
     * the block reads again (a self-join) is its second instance, {@code name#2}, so that its
     * columns stay apart from the first's.
     */
    void add(String table, String alias) {
        long earlier = fromItems.stream().filter(t -> SqlNames.baseTable(t).equals(table)).count();
        String instance = earlier == 0 ? table : table + "#" + (earlier + 1);
        fromItems.add(instance);
        tableByQualifier.putIfAbsent(table, instance);
        if (alias != null) tableByQualifier.put(SqlNames.of(alias), instance);
    }

    ColumnRef resolve(Column column) {
        String name = SqlNames.of(column.getColumnName());
        Table table = column.getTable();
        String qualifier =
                table == null || table.getName() == null ? null : SqlNames.of(table.getName());
        int level = 0;
        for (Scope s = this; s != null; s = s.parent, level++) {
            if (qualifier == null) {
                if (s.fromItems.size() == 1) return new ColumnRef(s.fromItems.get(0), name, level);
                if (!s.fromItems.isEmpty()) return new ColumnRef(null, name, level);
                continue;
            }
            String resolved = s.tableByQualifier.get(qualifier);
            if (resolved != null) return new ColumnRef(resolved, name, level);
        }
        return new ColumnRef(qualifier, name, 0);
    }
}
