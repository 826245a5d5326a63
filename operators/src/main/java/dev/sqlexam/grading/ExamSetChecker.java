package dev.sqlexam.grading;

import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.LimitTieProbe;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The gold health check: runs every gold query (and alternative) twice as the read-only role and
 * flags errors, timeouts, empty results, results that differ between runs, results cut by the row
 * cap, and ORDER BY … LIMIT that cuts through a tie. A set that passes can be graded fairly.
 */
public final class ExamSetChecker {

    /** What can be wrong with a gold query. */
    public enum Problem {
        ERROR,
        TIMEOUT,
        EMPTY,
        NON_DETERMINISTIC,
        ROW_CAP,
        LIMIT_TIE,
        /**
         * A check that could not run on this gold (the parser could not read it): a note, not a
         * reason to set the question aside.
         */
        UNCHECKED;

        /** Whether the question cannot be graded fairly as it stands. */
        public boolean blocking() {
            return this != UNCHECKED;
        }
    }

    /** One finding: which question, which gold (0 = gold_sql), what and why. */
    public record Finding(String questionId, int goldIndex, Problem problem, String detail) {}

    /** The result of checking one question's golds. */
    public record QuestionReport(
            ExamQuestion question, int queries, List<Finding> findings, long millis) {}

    private final ReadOnlyExecutor executor;
    private final ResultComparator comparator = new ResultComparator(Tolerance.DEFAULT);
    private final int threads;

    public ExamSetChecker(ReadOnlyExecutor executor, int threads) {
        this.executor = executor;
        this.threads = Math.max(1, threads);
    }

    public List<QuestionReport> check(List<ExamQuestion> questions) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<QuestionReport>> futures = new ArrayList<>();
            for (ExamQuestion q : questions) futures.add(pool.submit(() -> check(q)));
            List<QuestionReport> reports = new ArrayList<>();
            for (Future<QuestionReport> f : futures) {
                try {
                    reports.add(f.get());
                } catch (ExecutionException e) {
                    throw new IllegalStateException(
                            "checking failed: " + e.getCause().getMessage(), e.getCause());
                }
            }
            return reports;
        } finally {
            pool.shutdownNow();
        }
    }

    public QuestionReport check(ExamQuestion q) {
        long start = System.nanoTime();
        List<Finding> findings = new ArrayList<>();
        List<String> golds = q.allGoldSql();
        for (int i = 0; i < golds.size(); i++) findings.addAll(checkGold(q, i, golds.get(i)));
        return new QuestionReport(
                q, golds.size(), findings, (System.nanoTime() - start) / 1_000_000);
    }

    private List<Finding> checkGold(ExamQuestion q, int index, String sql) {
        List<Finding> findings = new ArrayList<>();
        QueryOutcome first = executor.execute(q.db(), sql);
        if (!first.ok()) {
            Problem p =
                    first.errorClass() == ErrorClass.QUERY_TIMEOUT
                            ? Problem.TIMEOUT
                            : Problem.ERROR;
            String state = first.sqlstate() == null ? "" : " [" + first.sqlstate() + "]";
            findings.add(new Finding(q.id(), index, p, first.error() + state));
            return findings;
        }
        if (first.result().truncated()) {
            findings.add(new Finding(q.id(), index, Problem.ROW_CAP, "more rows than the row cap"));
            return findings;
        }
        if (first.result().rowCount() == 0)
            findings.add(new Finding(q.id(), index, Problem.EMPTY, "no rows"));
        QueryOutcome second = executor.execute(q.db(), sql);
        OrderSpec order = OrderSpec.forGold(sql, q.orderMatters());
        if (!second.ok()) {
            findings.add(
                    new Finding(
                            q.id(),
                            index,
                            Problem.NON_DETERMINISTIC,
                            "second run failed: " + second.error()));
        } else {
            ResultComparator.Comparison same =
                    comparator.compare(first.result(), second.result(), order, false);
            if (!same.correct()) {
                findings.add(
                        new Finding(
                                q.id(),
                                index,
                                Problem.NON_DETERMINISTIC,
                                "two runs differ: " + same.detail()));
            }
        }
        LimitTieProbe.Attempt attempt = LimitTieProbe.attempt(sql);
        Optional<LimitTieProbe.Probe> probe = Optional.ofNullable(attempt.probe());
        if (attempt.unreadable() != null)
            findings.add(
                    new Finding(
                            q.id(),
                            index,
                            Problem.UNCHECKED,
                            "LIMIT ties not checked: " + attempt.unreadable()));
        if (probe.isPresent()) {
            QueryOutcome probed = executor.execute(q.db(), probe.get().sql());
            if (probed.ok()
                    && LimitTieProbe.tieAtLimit(
                            probe.get(), probed.result(), Tolerance.DEFAULT::valuesEqual)) {
                findings.add(
                        new Finding(
                                q.id(),
                                index,
                                Problem.LIMIT_TIE,
                                "row "
                                        + (probe.get().limit() + 1)
                                        + " ties with row "
                                        + probe.get().limit()
                                        + " on every ORDER BY key: add a tie-breaker"));
            }
        }
        return findings;
    }
}
