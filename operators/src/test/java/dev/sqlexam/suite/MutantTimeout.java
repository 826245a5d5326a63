package dev.sqlexam.suite;

/**
 * How long a mutant of a gold may run on the exam database before it is left out of the tests'
 * population of wrong predictions that agree with their gold there: four times its slowest gold, at
 * least 300 ms and at most 1 s. Under the load of the whole suite (both suite tests side by side,
 * 2026-11-28) the 807 mutants that agreed with their golds took at most 2.7 times their gold (866
 * ms against 319 ms), and 70 ms at most against golds under 20 ms; the ones past that are dropped
 * join conditions, whose cartesian products ran into the fixed 1 s every time (46 of them, a fifth
 * of the two tests' server time).
 */
public final class MutantTimeout {

    static final long FLOOR_MS = 300;
    static final long CEILING_MS = 1_000;
    static final long TIMES_THE_GOLD = 4;

    private MutantTimeout() {}

    /** The timeout of a mutant whose slowest gold took {@code goldMs} on the exam database. */
    public static long forGold(long goldMs) {
        return Math.min(CEILING_MS, Math.max(FLOOR_MS, TIMES_THE_GOLD * goldMs));
    }
}
