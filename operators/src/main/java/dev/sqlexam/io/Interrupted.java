package dev.sqlexam.io;

import java.util.function.Supplier;

/** Waits that an interrupt may end before their answer comes. */
public final class Interrupted {

    /** A wait for an answer; {@code X}: what else it may fail with, passed on as it is. */
    @FunctionalInterface
    public interface Wait<T, X extends Exception> {
        T get() throws InterruptedException, X;
    }

    private Interrupted() {}

    /**
     * What {@code wait} answers; where an interrupt ends it first, what {@code instead} answers,
     * with the thread's interrupt flag set again.
     */
    public static <T, X extends Exception> T orElse(Wait<T, X> wait, Supplier<T> instead) throws X {
        try {
            return wait.get();
        } catch (InterruptedException interrupt) {
            // the one place an interrupted wait becomes an answer: the flag, set again, carries the
            // interrupt on to the code that stops the thread, and the answer instead says the rest
            // (a pause cut short, a grade timed out, rows not shrunk)
            Thread.currentThread().interrupt();
            return instead.get();
        }
    }
}
