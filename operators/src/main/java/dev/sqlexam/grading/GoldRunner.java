package dev.sqlexam.grading;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/** Runs a question's gold queries, each once for all the tasks that share its cache. */
final class GoldRunner {

    private final ReadOnlyExecutor executor;
    private final QueryCache goldCache;
    private final AdaptiveTimeout adaptiveTimeout;

    /** {@code adaptiveTimeout}: null for the executor's timeout. */
    GoldRunner(ReadOnlyExecutor executor, QueryCache goldCache, AdaptiveTimeout adaptiveTimeout) {
        this.executor = executor;
        this.goldCache = goldCache;
        this.adaptiveTimeout = adaptiveTimeout;
    }

    /** See {@link QuestionGrading#golds}. */
    QuestionGrading.Golds golds(ExamQuestion q) {
        long start = System.nanoTime();
        AtomicInteger executed = new AtomicInteger();
        List<QueryOutcome> outcomes = new ArrayList<>();
        for (String goldSql : q.allGoldSql()) {
            outcomes.add(
                    goldCache.get(
                            q.db(),
                            goldSql,
                            () -> {
                                executed.incrementAndGet();
                                return runGold(q.db(), goldSql);
                            }));
        }
        return new QuestionGrading.Golds(outcomes, executed.get(), start);
    }

    /** See {@link QuestionGrading#goldsAsync}. */
    CompletableFuture<QuestionGrading.Golds> goldsAsync(ExamQuestion q, Executor threads) {
        long start = System.nanoTime();
        List<QueryCache.Fetch> fetches = new ArrayList<>();
        for (String goldSql : q.allGoldSql())
            fetches.add(
                    goldCache.getAsync(q.db(), goldSql, () -> runGold(q.db(), goldSql), threads));
        return CompletableFuture.allOf(
                        fetches.stream()
                                .map(QueryCache.Fetch::outcome)
                                .toArray(CompletableFuture[]::new))
                .thenApply(
                        done ->
                                new QuestionGrading.Golds(
                                        fetches.stream().map(f -> f.outcome().join()).toList(),
                                        (int)
                                                fetches.stream()
                                                        .filter(QueryCache.Fetch::runsIt)
                                                        .count(),
                                        start));
    }

    private QueryOutcome runGold(String db, String sql) {
        return adaptiveTimeout == null
                ? executor.execute(db, sql)
                : executor.execute(db, sql, adaptiveTimeout.baseMs());
    }

    QueryCache cache() {
        return goldCache;
    }
}
