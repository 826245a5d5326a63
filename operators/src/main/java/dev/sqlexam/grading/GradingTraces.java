package dev.sqlexam.grading;

import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.repair.ExecutionRecovery;
import dev.sqlexam.sql.QueryOutcome;

import java.util.List;

/** The stage traces grading appends to a question's trace, and what they are made of. */
final class GradingTraces {

    private GradingTraces() {}

    /** The execute_gold stage: how many golds there are, or why the first one failed. */
    static StageTrace goldExecution(List<Grader.GoldRun> golds, long startNanos) {
        QueryOutcome firstGold = golds.get(0).outcome();
        if (!firstGold.ok()) {
            return StageTrace.failed(
                    Stage.EXECUTE_GOLD,
                    errorCode(firstGold),
                    firstGold.sqlstate(),
                    elapsedMs(startNanos),
                    firstGold.error());
        }
        String queries = golds.size() + " gold quer" + (golds.size() == 1 ? "y" : "ies");
        return StageTrace.ok(Stage.EXECUTE_GOLD, elapsedMs(startNanos), queries);
    }

    /** The execute stage of a prediction that ran. */
    static StageTrace execution(QueryOutcome prediction) {
        return prediction.ok()
                ? StageTrace.ok(
                        Stage.EXECUTE,
                        prediction.elapsedMs(),
                        prediction.result().rowCount() + " rows")
                : StageTrace.failed(
                        Stage.EXECUTE,
                        errorCode(prediction),
                        prediction.sqlstate(),
                        prediction.elapsedMs(),
                        prediction.error());
    }

    /** One execute_recovery stage: a query execution recovery ran instead, or why it failed. */
    static StageTrace recoveryAttempt(ExecutionRecovery.Attempt attempt) {
        return attempt.ok()
                ? StageTrace.ok(
                        Stage.EXECUTE_RECOVERY,
                        0,
                        attempt.method() + ": ran instead: " + attempt.sql())
                : StageTrace.failed(
                        Stage.EXECUTE_RECOVERY,
                        null,
                        attempt.sqlstate(),
                        0,
                        attempt.method() + ": " + attempt.error());
    }

    /** What the record says of a stage the infrastructure failed. */
    static String failedStage(StageTrace upstreamFailure) {
        return upstreamFailure.stage() + " failed: " + upstreamFailure.detail();
    }

    /** The outcome's error class code (null: it has none). */
    static String errorCode(QueryOutcome outcome) {
        return outcome.errorClass() == null ? null : outcome.errorClass().code();
    }

    static long elapsedMs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** The time spent in all of {@code trace}'s stages. */
    static long totalMs(List<StageTrace> trace) {
        return trace.stream().mapToLong(StageTrace::durationMs).sum();
    }
}
