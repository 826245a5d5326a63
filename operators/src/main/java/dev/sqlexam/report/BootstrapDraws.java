package dev.sqlexam.report;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The indexes a seeded bootstrap draws, kept per seed, number of groups and resamples. Every
 * interval of a summary resamples with the same seed, so the intervals over as many groups (a
 * 12-file grade's 66 paired comparisons and those of their subgroups, each over its 30 databases)
 * draw the same indexes: drawn once, they are read by all. Drawing was half of a bootstrap's time.
 */
final class BootstrapDraws {

    /** The longest sequence kept, in indexes (4 MB); a longer one is drawn each time. */
    static final int KEPT_AT_MOST = 1_000_000;

    private static final int SEQUENCES_KEPT = 4;
    private static final Map<List<Long>, int[]> KEPT = new ConcurrentHashMap<>();

    private BootstrapDraws() {}

    /**
     * The {@code groups × resamples} indexes {@code new SplittableRandom(seed)} draws with {@code
     * nextInt(groups)}, resample after resample; null past {@link #KEPT_AT_MOST}.
     */
    static int[] of(long seed, int groups, int resamples) {
        if ((long) groups * resamples > KEPT_AT_MOST) return null;
        List<Long> key = List.of(seed, (long) groups, (long) resamples);
        int[] kept = KEPT.get(key);
        if (kept != null) return kept;
        if (KEPT.size() >= SEQUENCES_KEPT) KEPT.clear();
        return KEPT.computeIfAbsent(key, k -> draw(seed, groups, resamples));
    }

    private static int[] draw(long seed, int groups, int resamples) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] picks = new int[groups * resamples];
        for (int k = 0; k < picks.length; k++) picks[k] = random.nextInt(groups);
        return picks;
    }
}
