package dev.sqlexam.grading;

import dev.sqlexam.sql.QueryOutcome;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Gold results by database and SQL, so repetitions and variants of a question run its gold once.
 * Bounded (least recently used goes first); large results and failures of the harness (infrastructure, permissions) are not kept.
 */
public final class GoldCache {

    private final int maxEntries;
    private final int maxRowsPerEntry;
    private final Map<String, QueryOutcome> entries;
    private long hits;
    private long misses;

    public GoldCache(int maxEntries, int maxRowsPerEntry) {
        this.maxEntries = maxEntries;
        this.maxRowsPerEntry = maxRowsPerEntry;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, QueryOutcome> eldest) {
                return size() > GoldCache.this.maxEntries;
            }
        };
    }

    public QueryOutcome get(String database, String sql, Supplier<QueryOutcome> run) {
        String key = database + '\u0000' + sql;
        synchronized (this) {
            QueryOutcome cached = entries.get(key);
            if (cached != null) {
                hits++;
                return cached;
            }
            misses++;
        }
        QueryOutcome outcome = run.get();
        boolean keep = outcome.ok() ? outcome.result().rowCount() <= maxRowsPerEntry
                : !Grader.goldFailedForTheHarness(outcome);
        if (keep) {
            synchronized (this) {
                entries.put(key, outcome);
            }
        }
        return outcome;
    }

    public synchronized long hits() {
        return hits;
    }

    public synchronized long misses() {
        return misses;
    }
}
