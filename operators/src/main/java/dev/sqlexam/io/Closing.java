package dev.sqlexam.io;

/** Closing what may already be broken. */
public final class Closing {

    private Closing() {}

    /**
     * Closes {@code resource} (if any), ignoring a checked failure: what is already broken has
     * nothing left to release. Also takes any other release that may fail in the same way, as a
     * method reference ({@code connection::rollback}).
     */
    public static void quietly(AutoCloseable resource) {
        if (resource == null) return;
        try {
            resource.close();
        } catch (RuntimeException bug) {
            throw bug;
        } catch (Exception ignored) {
            // the one place a failed release is let go: every caller is already done with the
            // resource (a broken connection, a read-only channel, a session the server ended), and
            // the failure that matters, if any, is reported by the caller
        }
    }
}
