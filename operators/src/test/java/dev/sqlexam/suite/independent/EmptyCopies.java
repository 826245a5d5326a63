package dev.sqlexam.suite.independent;

import dev.sqlexam.suite.InOrder;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Empty copies of one schema that witnesses and evidence are loaded into, one per thread of {@link
 * InOrder}: a thread loads and queries its copy alone.
 */
final class EmptyCopies {

    private final String first;
    private final BlockingQueue<String> free;

    EmptyCopies(List<String> databases) {
        first = databases.get(0);
        free = new ArrayBlockingQueue<>(databases.size(), false, databases);
    }

    /** {@code count} empty databases {@code <schema>_empty<i>} of {@code ddl}. */
    static EmptyCopies create(ScratchDatabases scratch, String schema, String ddl, int count)
            throws SQLException {
        String[] names = new String[count];
        for (int i = 0; i < count; i++) {
            names[i] = scratch.create(schema + "_empty" + i, ddl);
            scratch.autovacuumOff(names[i]);
        }
        return new EmptyCopies(List.of(names));
    }

    /** Any one of the copies, to read the schema from. */
    String any() {
        return first;
    }

    /** {@code work} on a copy no other thread uses meanwhile. */
    <R> R with(InOrder.Work<String, R> work) throws Exception {
        String db = free.take();
        try {
            return work.apply(db);
        } finally {
            free.add(db);
        }
    }
}
