package dev.sqlexam.report;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The indexes a seeded bootstrap draws, kept per seed, number of groups and resamples. Every
 * interval of a summary resamples with the same seed, so the intervals over as many groups (a
 * 12-file grade's 66 paired comparisons and those of their subgroups, each over its 30 databases)
 * draw the same indexes: drawn once, they are read by all. What is kept stays for the process, up
 * to {@link #KEPT_IN_ALL} indexes; past it, sequences not kept yet are drawn by each caller.
 */
final class BootstrapDraws {

    /** The longest sequence kept, in indexes (4 MB); a longer one is drawn each time. */
    static final int KEPT_AT_MOST = 1_000_000;

    /** All sequences kept, in indexes (16 MB). */
    static final int KEPT_IN_ALL = 4_000_000;

    private static final Map<List<Long>, int[]> KEPT = new ConcurrentHashMap<>();
    private static final AtomicLong KEPT_INDEXES = new AtomicLong();

    private BootstrapDraws() {}

    /**
     * The {@code groups × resamples} indexes {@code new SplittableRandom(seed)} draws with {@code
     * nextInt(groups)}, resample after resample, shared by every caller (who only reads them); null
     * for a sequence longer than {@link #KEPT_AT_MOST} or once {@link #KEPT_IN_ALL} are kept.
     */
    static int[] of(long seed, int groups, int resamples) {
        long length = (long) groups * resamples;
        if (length > KEPT_AT_MOST) return null;
        List<Long> key = List.of(seed, (long) groups, (long) resamples);
        int[] kept = KEPT.get(key);
        if (kept != null) return kept;
        if (KEPT_INDEXES.addAndGet(length) > KEPT_IN_ALL) {
            KEPT_INDEXES.addAndGet(-length);
            return null;
        }
        int[] drawn = draw(seed, groups, resamples);
        int[] first = KEPT.putIfAbsent(key, drawn);
        if (first == null) return drawn;
        KEPT_INDEXES.addAndGet(-length); // another caller kept the same sequence meanwhile
        return first;
    }

    private static int[] draw(long seed, int groups, int resamples) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] picks = new int[groups * resamples];
        for (int k = 0; k < picks.length; k++) picks[k] = random.nextInt(groups);
        return picks;
    }
}
