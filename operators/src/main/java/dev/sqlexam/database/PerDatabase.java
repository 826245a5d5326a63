package dev.sqlexam.database;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Set-up work done once per database (pre-flight checks, fingerprints), a few databases at once:
 * each opens its own connection, a fork on the server and a password exchange whose PBKDF2 runs in
 * this process, so one at a time leaves a core idle while the other works. Few enough at once that
 * a server with few free slots still has them for the run.
 */
public final class PerDatabase {

    /** The most databases worked on at once. */
    static final int MAX_AT_ONCE = 4;

    /** The work on one database. */
    @FunctionalInterface
    public interface Work<R> {
        R on(String database) throws SQLException;
    }

    private PerDatabase() {}

    static int atOnce(int databases, int cores) {
        return Math.max(1, Math.min(databases, Math.min(MAX_AT_ONCE, 2 * cores)));
    }

    /**
     * {@code work} on each of {@code databases}, in their order; the first failure in that order is
     * thrown as it was (the others' work still ends before this returns).
     */
    public static <R> Map<String, R> each(Collection<String> databases, Work<R> work)
            throws SQLException {
        List<String> dbs = List.copyOf(databases);
        Map<String, R> out = new LinkedHashMap<>();
        int threads = atOnce(dbs.size(), Runtime.getRuntime().availableProcessors());
        if (threads == 1) {
            for (String db : dbs) out.put(db, work.on(db));
            return out;
        }
        ExecutorService pool =
                Executors.newFixedThreadPool(
                        threads,
                        r -> {
                            Thread t = new Thread(r, "sqlexam-setup");
                            t.setDaemon(true);
                            return t;
                        });
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (String db : dbs) futures.add(pool.submit(() -> work.on(db)));
            Throwable first = null;
            for (int i = 0; i < dbs.size(); i++) {
                try {
                    R r = futures.get(i).get();
                    if (first == null) out.put(dbs.get(i), r);
                } catch (ExecutionException e) {
                    if (first == null) first = e.getCause();
                }
            }
            if (first instanceof SQLException s) throw s;
            if (first instanceof RuntimeException r) throw r;
            if (first instanceof Error e) throw e;
            if (first != null) throw new IllegalStateException(first);
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException(
                    "interrupted during the set-up of " + dbs.size() + " databases", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
