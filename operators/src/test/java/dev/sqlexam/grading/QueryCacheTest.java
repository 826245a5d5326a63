package dev.sqlexam.grading;

import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.sql.QueryOutcome;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Concurrent repetitions of one question run its gold once; failures of the harness are never kept.
 */
class QueryCacheTest {

    @Test
    void concurrentRequestsForOneGoldRunItOnce() throws Exception {
        QueryCache cache = new QueryCache(100, 1_000);
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        var pool = Executors.newFixedThreadPool(8);
        List<Future<QueryOutcome>> all = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            all.add(
                    pool.submit(
                            () ->
                                    cache.get(
                                            "demo",
                                            "SELECT 1",
                                            () -> {
                                                runs.incrementAndGet();
                                                try {
                                                    release.await();
                                                } catch (InterruptedException e) {
                                                    Thread.currentThread().interrupt();
                                                }
                                                return QueryOutcome.failure(
                                                        "22012",
                                                        ErrorClass.SQL_ERROR,
                                                        "division by zero",
                                                        3);
                                            })));
        }
        Thread.sleep(200);
        release.countDown();
        for (var f : all) assertThat(f.get().sqlstate()).isEqualTo("22012");
        pool.shutdown();
        assertThat(runs.get()).isEqualTo(1);
        assertThat(cache.misses()).isEqualTo(1);
        assertThat(cache.hits()).isEqualTo(7);
    }

    @Test
    void aFailureOfTheHarnessIsAskedAgainNextTime() {
        QueryCache cache = new QueryCache(100, 1_000);
        AtomicInteger runs = new AtomicInteger();
        for (int i = 0; i < 3; i++) {
            cache.get(
                    "demo",
                    "SELECT 1",
                    () -> {
                        runs.incrementAndGet();
                        return QueryOutcome.failure(
                                "57P01", ErrorClass.INFRA_FAILURE, "terminating connection", 1);
                    });
        }
        assertThat(runs.get()).isEqualTo(3);
    }

    @Test
    void anAsynchronousFetchRunsTheQueryOnceAndTheOthersWaitWithoutAThread() throws Exception {
        QueryCache cache = new QueryCache(100, 1_000);
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        var oneWorker = Executors.newSingleThreadExecutor();
        List<QueryCache.Fetch> fetches = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            fetches.add(
                    cache.getAsync(
                            "demo",
                            "SELECT 1",
                            () -> {
                                runs.incrementAndGet();
                                try {
                                    release.await();
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                                return QueryOutcome.failure(
                                        "22012", ErrorClass.SQL_ERROR, "division by zero", 3);
                            },
                            oneWorker));
        }
        assertThat(fetches).filteredOn(QueryCache.Fetch::runsIt).hasSize(1);
        assertThat(fetches.get(0).runsIt()).as("the first to ask runs it").isTrue();
        assertThat(fetches).allSatisfy(f -> assertThat(f.outcome()).isNotDone());
        release.countDown();
        for (var f : fetches) assertThat(f.outcome().get().sqlstate()).isEqualTo("22012");
        assertThat(
                        cache.get(
                                        "demo",
                                        "SELECT 1",
                                        () -> {
                                            throw new AssertionError("cached: not run again");
                                        })
                                .sqlstate())
                .isEqualTo("22012");
        oneWorker.shutdown();
        assertThat(runs.get()).isEqualTo(1);
    }

    @Test
    void anAsynchronousFetchOfAFailureOfTheHarnessIsNotKept() throws Exception {
        QueryCache cache = new QueryCache(100, 1_000);
        AtomicInteger runs = new AtomicInteger();
        var worker = Executors.newSingleThreadExecutor();
        for (int i = 0; i < 2; i++) {
            cache.getAsync(
                            "demo",
                            "SELECT 1",
                            () -> {
                                runs.incrementAndGet();
                                return QueryOutcome.failure(
                                        "57P01",
                                        ErrorClass.INFRA_FAILURE,
                                        "terminating connection",
                                        1);
                            },
                            worker)
                    .outcome()
                    .get();
        }
        worker.shutdown();
        assertThat(runs.get()).isEqualTo(2);
    }
}
