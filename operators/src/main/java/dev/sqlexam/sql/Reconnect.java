package dev.sqlexam.sql;

import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Runs a read-only action again while it fails because its connection was lost under it (the server
 * restarted or ended the session), for a bounded time. Repeating a read is safe; any other failure
 * is the action's own.
 */
public final class Reconnect {

    private Reconnect() {}

    /**
     * The session ended under the work (57P01-57P03, 08xxx) anywhere in the cause chain: not the
     * work's fault. A connection that could not be had at all is not lost: its source already
     * waited as long as it may.
     */
    public static boolean connectionLost(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ConnectionUnavailable) return false;
        }
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException s && s.getSQLState() != null) {
                String state = s.getSQLState();
                if (state.startsWith("08")
                        || state.equals("57P01")
                        || state.equals("57P02")
                        || state.equals("57P03")) return true;
            }
        }
        return false;
    }

    public static <T> T within(long ms, Callable<T> action) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        for (int attempt = 0; ; attempt++) {
            try {
                return action.call();
            } catch (Exception e) {
                long pause = Backoff.pauseMs(attempt);
                if (!connectionLost(e)
                        || System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(pause) > deadline)
                    throw e;
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    e.addSuppressed(interrupted);
                    throw e;
                }
            }
        }
    }
}
