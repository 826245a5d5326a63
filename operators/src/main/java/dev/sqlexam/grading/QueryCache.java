package dev.sqlexam.grading;

import dev.sqlexam.sql.QueryOutcome;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Query results by database and SQL, so repetitions and variants of a question run its gold, and
 * each distinct candidate SQL, once, also when they arrive at the same time (the others wait for
 * the first run). Bounded, least recently used first; large results and failures of the harness
 * (infrastructure, permissions) are not kept.
 */
public final class QueryCache {

    private final int maxRowsPerEntry;
    private final AsyncCache<String, QueryOutcome> entries;
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();

    public QueryCache(int maxEntries, int maxRowsPerEntry) {
        this.maxRowsPerEntry = maxRowsPerEntry;
        this.entries = Caffeine.newBuilder().maximumSize(maxEntries).buildAsync();
    }

    /**
     * The cached outcome, or {@code run}'s on this thread (a query is never run inside the cache's
     * own locks).
     */
    public QueryOutcome get(String database, String sql, Supplier<QueryOutcome> run) {
        String key = database + '\u0000' + sql;
        CompletableFuture<QueryOutcome> mine = new CompletableFuture<>();
        CompletableFuture<QueryOutcome> first = entries.asMap().putIfAbsent(key, mine);
        if (first != null) {
            hits.incrementAndGet();
            return first.join();
        }
        misses.incrementAndGet();
        try {
            QueryOutcome outcome = run.get();
            mine.complete(outcome);
            boolean keep =
                    outcome.ok()
                            ? outcome.result().rowCount() <= maxRowsPerEntry
                            : !Grader.goldFailedForTheHarness(outcome);
            if (!keep) entries.asMap().remove(key, mine);
            return outcome;
        } catch (RuntimeException e) {
            entries.asMap().remove(key, mine);
            mine.completeExceptionally(e);
            throw e;
        }
    }

    /**
     * A result asked for asynchronously: its future, and whether this request runs the query (the
     * first to ask does).
     */
    public record Fetch(CompletableFuture<QueryOutcome> outcome, boolean runsIt) {}

    /**
     * The cached or running outcome, or {@code run}'s on {@code executor}: those asking while it
     * runs wait on its future without a thread of their own (the variants and files of a question
     * arrive together).
     */
    public Fetch getAsync(
            String database, String sql, Supplier<QueryOutcome> run, Executor executor) {
        String key = database + '\u0000' + sql;
        CompletableFuture<QueryOutcome> mine = new CompletableFuture<>();
        CompletableFuture<QueryOutcome> first = entries.asMap().putIfAbsent(key, mine);
        if (first != null) {
            hits.incrementAndGet();
            return new Fetch(first, false);
        }
        misses.incrementAndGet();
        try {
            executor.execute(() -> settle(key, mine, run));
        } catch (RuntimeException rejected) {
            entries.asMap().remove(key, mine);
            mine.completeExceptionally(rejected);
        }
        return new Fetch(mine, true);
    }

    private void settle(
            String key, CompletableFuture<QueryOutcome> mine, Supplier<QueryOutcome> run) {
        try {
            QueryOutcome outcome = run.get();
            boolean keep =
                    outcome.ok()
                            ? outcome.result().rowCount() <= maxRowsPerEntry
                            : !Grader.goldFailedForTheHarness(outcome);
            if (!keep) entries.asMap().remove(key, mine);
            mine.complete(outcome);
        } catch (RuntimeException e) {
            entries.asMap().remove(key, mine);
            mine.completeExceptionally(e);
        }
    }

    public long hits() {
        return hits.get();
    }

    public long misses() {
        return misses.get();
    }
}
