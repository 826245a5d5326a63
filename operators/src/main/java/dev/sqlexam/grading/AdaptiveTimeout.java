package dev.sqlexam.grading;

import java.io.Serializable;

/**
 * A prediction's timeout from its gold's execution time, as Spider's test-suite evaluation does:
 * {@code baseMs} plus {@code goldFactor} times the gold's milliseconds. Golds themselves run with
 * {@code baseMs}.
 */
public record AdaptiveTimeout(long baseMs, double goldFactor) implements Serializable {

    public AdaptiveTimeout {
        if (baseMs <= 0)
            throw new IllegalArgumentException(
                    "the adaptive timeout's base must be > 0 ms, was " + baseMs);
        if (goldFactor < 0)
            throw new IllegalArgumentException(
                    "the adaptive timeout's gold factor must be >= 0, was " + goldFactor);
    }

    public long forPrediction(long goldMs) {
        return baseMs + Math.round(goldFactor * Math.max(0, goldMs));
    }
}
