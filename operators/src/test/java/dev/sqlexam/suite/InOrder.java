package dev.sqlexam.suite;

import dev.sqlexam.pipeline.Workers;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Runs independent work on a few threads and hands the results back in the order of the inputs, so
 * that what is counted and printed from them does not depend on which finished first. The server
 * does most of the work, one core per connection: two threads keep a 2-core machine busy
 * (-Dsuite.threads for other machines).
 */
public final class InOrder {

    public static final int THREADS = Integer.getInteger("suite.threads", 2);

    /** One piece of work; may throw. */
    @FunctionalInterface
    public interface Work<T, R> {
        R apply(T item) throws Exception;
    }

    private InOrder() {}

    /**
     * {@code work} applied to every item, results in the items' order; the first failure thrown.
     */
    public static <T, R> List<R> map(List<T> items, Work<T, R> work) throws Exception {
        return map(items, THREADS, work);
    }

    /**
     * As {@link #map(List, Work)} on {@code threads} threads: more than the cores for work that
     * mostly waits (a timeout running out).
     */
    public static <T, R> List<R> map(List<T> items, int threads, Work<T, R> work) throws Exception {
        ExecutorService pool = Workers.daemons("test-in-order", threads);
        try {
            List<Future<R>> running = new ArrayList<>();
            for (T item : items) running.add(pool.submit(() -> work.apply(item)));
            List<R> out = new ArrayList<>();
            for (Future<R> f : running) out.add(join(f));
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static <R> R join(Future<R> f) throws Exception {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) throw cause;
            throw e;
        }
    }
}
