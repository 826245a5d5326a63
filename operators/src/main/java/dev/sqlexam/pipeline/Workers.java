package dev.sqlexam.pipeline;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The worker threads an async operator runs blocking work on (JDBC, embeddings), never Flink's own.
 */
public final class Workers {

    private Workers() {}

    /**
     * {@code size} daemon threads named {@code name}, so that a task that ends never waits for
     * them.
     */
    public static ExecutorService daemons(String name, int size) {
        return Executors.newFixedThreadPool(
                size,
                r -> {
                    Thread t = new Thread(r, name);
                    t.setDaemon(true);
                    return t;
                });
    }
}
