package dev.sqlexam.database;

import dev.sqlexam.sql.Backoff;

import java.sql.Connection;
import java.sql.DriverManager;
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
import java.util.concurrent.TimeUnit;

/**
 * Set-up work done once per database (pre-flight checks, fingerprints), a few databases at once:
 * each opens its own connection, a fork and a password exchange on the server, so one at a time
 * leaves a core idle while the other works. Few at once, and a server or role at its connection
 * limit is waited for ({@link #connect}), as one at a time never needed more than one slot.
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

    /**
     * A connection for set-up work: a server or role at its connection limit (SQLSTATE 53300, as
     * when the other databases' work holds the last slots) is asked again a moment later, within
     * about {@code LIMIT_PATIENCE_MS}.
     */
    public static Connection connect(String jdbcUrl) throws SQLException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LIMIT_PATIENCE_MS);
        for (int attempt = 0; ; attempt++) {
            try {
                return DriverManager.getConnection(jdbcUrl);
            } catch (SQLException e) {
                long pause = Backoff.pauseMs(attempt);
                if (!TOO_MANY_CONNECTIONS.equals(e.getSQLState())
                        || System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(pause) > deadline)
                    throw e;
                Backoff.sleep(pause, e);
            }
        }
    }

    static final String TOO_MANY_CONNECTIONS = "53300";
    static final long LIMIT_PATIENCE_MS = 10_000;

    static int atOnce(int databases, int cores) {
        return Math.max(1, Math.min(databases, Math.min(MAX_AT_ONCE, 2 * cores)));
    }

    /**
     * {@code work} on each of {@code databases}, in their order; the first failure in that order is
     * thrown as it was, the databases after it not started (those already running end before this
     * returns).
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
            for (int i = 0; i < dbs.size() && first == null; i++) {
                try {
                    out.put(dbs.get(i), futures.get(i).get());
                } catch (ExecutionException e) {
                    first = e.getCause();
                    // the databases after it are not started (as one at a time never reached them)
                    for (int j = i + 1; j < dbs.size(); j++) futures.get(j).cancel(false);
                }
            }
            pool.shutdown();
            pool.awaitTermination(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
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
