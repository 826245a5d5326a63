package dev.sqlexam.watch;

import dev.sqlexam.grading.Grader;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.ExplainOutcome;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.LintIssue;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.model.TableRecall;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;
import dev.sqlexam.sql.SqlGuard;
import dev.sqlexam.sql.SqlLint;

import java.util.List;
import java.util.Objects;

/**
 * One query-log event through the batch exam's checks: the structural guard (a blocked statement is
 * never run, not even EXPLAINed), lint, EXPLAIN as the read-only role, the outcome class, and with
 * gold SQL both queries run read-only and graded by the exam's grader. The app's SQL itself is only
 * executed to be graded against a gold.
 */
public final class EventEvaluator {

    public static final String OK = "ok";
    public static final String EMPTY_RESULT = "empty_result";

    /**
     * sqlexam could not evaluate the event and the app reported no outcome: neither the app's error
     * nor its success.
     */
    public static final String NOT_EVALUATED = "not_evaluated";

    private static final String INSUFFICIENT_PRIVILEGE = "42501";

    private final ReadOnlyExecutor executor;
    private final Grader grader;
    private final long explainTimeoutMs;
    private final RetrievalCheck retrieval;
    private final double retrievalSampleRate;

    public EventEvaluator(ReadOnlyExecutor executor, Grader grader, long explainTimeoutMs) {
        this(executor, grader, explainTimeoutMs, null, 0);
    }

    /**
     * With a retrieval check of a share of the events (chosen by their source position, so a replay
     * checks the same ones).
     */
    public EventEvaluator(
            ReadOnlyExecutor executor,
            Grader grader,
            long explainTimeoutMs,
            RetrievalCheck retrieval,
            double retrievalSampleRate) {
        this.executor = executor;
        this.grader = grader;
        this.explainTimeoutMs = explainTimeoutMs;
        this.retrieval = retrieval;
        this.retrievalSampleRate = retrievalSampleRate;
    }

    public static boolean sampled(QueryLogEvent e, double rate) {
        if (rate >= 1) return true;
        if (rate <= 0) return false;
        int h = Objects.hash(e.source(), e.position());
        return Math.floorMod(h * 0x9E3779B1, 10_000) < rate * 10_000;
    }

    public EventEvaluation evaluate(QueryLogEvent e) {
        long start = System.nanoTime();
        SqlGuard.Verdict verdict = SqlGuard.check(e.sql());
        List<String> warnings =
                SqlLint.lint(e.sql()).issues().stream().map(LintIssue::code).toList();
        ExplainOutcome explain =
                verdict.allowed() ? executor.explain(e.db(), e.sql(), explainTimeoutMs) : null;
        String outcome = outcomeClass(e, verdict, explain);
        Boolean correct = null;
        String reason = null, detail = null;
        if (e.goldSql() != null) {
            if (!verdict.allowed()) {
                correct = false;
                reason = ErrorClass.VALIDATION_BLOCK.code();
                detail = "the app's SQL is blocked: " + verdict.reason();
            } else {
                QueryOutcome gold = executor.execute(e.db(), e.goldSql());
                QueryOutcome app = executor.execute(e.db(), e.sql());
                Grade grade =
                        grader.grade(
                                List.of(
                                        new Grader.GoldRun(
                                                e.goldSql(),
                                                OrderSpec.forGold(e.goldSql(), null),
                                                gold)),
                                app);
                boolean harness =
                        Grader.goldFailedForTheHarness(gold)
                                || app.errorClass() == ErrorClass.INFRA_FAILURE;
                correct = harness ? null : grade.correct();
                reason = harness ? ErrorClass.INFRA_FAILURE.code() : grade.reason().code();
                detail = grade.detail();
            }
        }
        TableRecall recall =
                retrieval != null && sampled(e, retrievalSampleRate)
                        ? retrieval.check(e.db(), e.question(), e.sql())
                        : null;
        return new EventEvaluation(
                EventEvaluation.Origin.of(e),
                new EventEvaluation.Checks(!verdict.allowed(), verdict.reason(), warnings, explain),
                EventEvaluation.Outcome.of(outcome, e),
                new EventEvaluation.Grade(correct, reason, detail),
                (System.nanoTime() - start) / 1_000_000,
                recall);
    }

    /**
     * The app's own report first (its SQLSTATE into the exam's error classes; ok with no rows is
     * empty_result), then what the guard and EXPLAIN say when the app reported nothing; when
     * sqlexam could not EXPLAIN it either (its database unreachable for us), not_evaluated: our
     * failure is never counted as the app's.
     */
    public static String outcomeClass(
            QueryLogEvent e, SqlGuard.Verdict verdict, ExplainOutcome explain) {
        if (e.failedInTheApp()) {
            if (e.sqlstate() != null) return ErrorClass.ofSqlState(e.sqlstate()).code();
            if (!verdict.allowed()) return ErrorClass.VALIDATION_BLOCK.code();
            if (explain != null && !explain.passed() && explain.errorClass() != null)
                return explain.errorClass().code();
            return ErrorClass.UNKNOWN.code();
        }
        if (OK.equals(e.outcome())) return e.rows() != null && e.rows() == 0 ? EMPTY_RESULT : OK;
        if (!verdict.allowed()) return ErrorClass.VALIDATION_BLOCK.code();
        if (explain == null) return NOT_EVALUATED;
        if (!explain.passed()) {
            // our read-only role cannot reach the database or lacks a grant: that says nothing of
            // the app's SQL
            if (explain.errorClass() == ErrorClass.INFRA_FAILURE
                    || INSUFFICIENT_PRIVILEGE.equals(explain.sqlstate())) return NOT_EVALUATED;
            return explain.errorClass() == null
                    ? ErrorClass.UNKNOWN.code()
                    : explain.errorClass().code();
        }
        return e.rows() != null && e.rows() == 0 ? EMPTY_RESULT : OK;
    }
}
