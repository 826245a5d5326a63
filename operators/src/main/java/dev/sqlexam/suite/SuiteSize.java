package dev.sqlexam.suite;

import java.io.Serializable;
import java.util.Locale;

/**
 * How many databases a test suite has ({@code test_suite_size}): {@code N} distils up to N and tops
 * the suite up to N; {@code auto} distils until coverage stops growing (at most {@link #AUTO_CAP},
 * at least {@link #AUTO_FLOOR}); 0 is off. Either way a gold defined on too few of them gets more,
 * so that each is graded on as many as the suite has.
 */
public record SuiteSize(int cap, int floor, boolean auto) implements Serializable {

    public static final int AUTO_CAP = 30;
    public static final int AUTO_FLOOR = 8;
    public static final SuiteSize OFF = new SuiteSize(0, 0, false);

    public static SuiteSize of(int n) {
        return n <= 0 ? OFF : new SuiteSize(n, n, false);
    }

    /** {@code auto}, or a whole number 0 or more. */
    public static SuiteSize parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("auto")) return new SuiteSize(AUTO_CAP, AUTO_FLOOR, true);
        try {
            int n = Integer.parseInt(t);
            if (n < 0)
                throw new IllegalArgumentException(
                        "a test suite size must be 'auto' or 0 or more, was " + text);
            return of(n);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "a test suite size must be 'auto' or a whole number, was '" + text + "'", e);
        }
    }

    public boolean off() {
        return cap <= 0;
    }

    /** As the option writes it. */
    @Override
    public String toString() {
        return auto ? "auto" : Integer.toString(cap);
    }
}
