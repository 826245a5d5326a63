package dev.sqlexam.sql;

import dev.sqlexam.io.Interrupted;

import java.sql.SQLException;

/** Pauses between tries at a server that is busy or coming back: 100 ms doubling to 2 s. */
public final class Backoff {

    private Backoff() {}

    public static long pauseMs(int attempt) {
        return Math.min(2_000L, 100L << Math.min(attempt, 5));
    }

    /** Sleeps {@code ms}; false when an interrupt ended the wait (the thread's flag set again). */
    public static boolean paused(long ms) {
        return Interrupted.orElse(
                () -> {
                    Thread.sleep(ms);
                    return true;
                },
                () -> false);
    }

    /** Sleeps; an interrupt ends the wait with {@code cause}, the interrupt flag restored. */
    public static void sleep(long ms, SQLException cause) throws SQLException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cause.addSuppressed(e);
            throw cause;
        }
    }
}
