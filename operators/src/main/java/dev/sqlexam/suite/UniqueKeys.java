package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.Column;
import dev.sqlexam.suite.SuiteSchema.Family;
import dev.sqlexam.suite.SuiteSchema.Table;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The primary and unique key values a table's rows have taken so far, so that no key repeats; a row
 * whose key is taken (or whose primary key is incomplete) draws its key columns again.
 */
final class UniqueKeys {

    /** Draws of a repeated key before the row is given up. */
    private static final int RETRIES = 6;

    private final Table table;
    private final Map<String, Integer> index;
    private final List<Set<List<String>>> seen = new ArrayList<>();

    /** The next number a key drawn as a counter takes. */
    private long nextId = 1;

    /** {@code index}: each column's position in a row, by name. */
    UniqueKeys(Table table, Map<String, Integer> index) {
        this.table = table;
        this.index = index;
        for (int k = 0; k < table.keys().size(); k++) seen.add(new HashSet<>());
    }

    /** Whether none of {@code row}'s keys is taken. */
    boolean unseen(String[] row) {
        boolean unique = true;
        for (int k = 0; k < table.keys().size(); k++)
            unique &= !seen.get(k).contains(tuple(row, table.keys().get(k)));
        return unique;
    }

    /**
     * Draws the key columns of {@code row} again (references aside) while a key is taken or the
     * primary key has a NULL, a few times a key; whether every key is then free.
     */
    boolean redrawTaken(String[] row, Map<String, ColumnValues> values, Random random) {
        List<Column> columns = table.columns();
        for (int k = 0; k < table.keys().size(); k++) {
            List<String> key = table.keys().get(k);
            List<String> tuple = tuple(row, key);
            for (int retry = 0;
                    retry < RETRIES
                            && (seen.get(k).contains(tuple)
                                    || tuple.contains(null)
                                            && k == 0
                                            && !table.primaryKey().isEmpty());
                    retry++) {
                for (String col : key) {
                    Column c = columns.get(index.get(col));
                    if (RowReferences.isReference(table, col)) continue;
                    row[index.get(col)] = drawn(c, retry, values.get(col), random);
                }
                tuple = tuple(row, key);
            }
            if (seen.get(k).contains(tuple)) return false;
        }
        return true;
    }

    /** A key column's value drawn again: a counter (integers, now and then), else a value. */
    private String drawn(Column c, int retry, ColumnValues values, Random random) {
        boolean counter = c.family() == Family.INTEGER && (retry > 1 || random.nextBoolean());
        String drawn = counter ? String.valueOf(nextId++) : values.draw(random, 0);
        // a text key drawn from a few values runs out of them (a crowd of 150 employees wants 150
        // e-mails)
        if (!counter && retry > 1 && c.family() == Family.TEXT && drawn != null)
            drawn = ColumnValues.fit(c, (nextId++) + drawn);
        return drawn;
    }

    /** Takes {@code row}'s keys. */
    void remember(String[] row) {
        for (int k = 0; k < table.keys().size(); k++)
            seen.get(k).add(tuple(row, table.keys().get(k)));
    }

    private List<String> tuple(String[] row, List<String> key) {
        List<String> out = new ArrayList<>(key.size());
        for (String col : key) out.add(index.containsKey(col) ? row[index.get(col)] : null);
        return out;
    }
}
