package dev.sqlexam.database;

import java.util.concurrent.TimeUnit;

/**
 * How long a query waits for a busy connection of its database to come back before it opens
 * another: a few times what opening one costs on that server (a fork and a password exchange), as
 * measured. Waiting is cheaper than a new connection until then; a query that waits longer would
 * have been better served by opening one.
 */
final class OpenPatience {

    /** Before any connection to the server was timed. */
    static final long FIRST_NANOS = TimeUnit.MILLISECONDS.toNanos(15);

    static final long MIN_NANOS = FIRST_NANOS;
    static final long MAX_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    /** Waiting this many times a connection's cost before opening one. */
    static final int COST_MULTIPLE = 3;

    /** The weight of the newest measurement in the moving average. */
    private static final double NEWEST = 0.25;

    private double averageNanos = -1;

    synchronized void opened(long nanos) {
        averageNanos = averageNanos < 0 ? nanos : NEWEST * nanos + (1 - NEWEST) * averageNanos;
    }

    synchronized long nanos() {
        if (averageNanos < 0) return FIRST_NANOS;
        return Math.max(MIN_NANOS, Math.min(MAX_NANOS, (long) (COST_MULTIPLE * averageNanos)));
    }
}
