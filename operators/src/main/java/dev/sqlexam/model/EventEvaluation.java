package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;

/**
 * What sqlexam made of one query-log event: where it came from, the guard's verdict on the app's
 * SQL, the lint issues, EXPLAIN as the read-only role, the outcome class (the app's report, else
 * EXPLAIN's: ok, empty_result or an error class of the exam), when the event carries gold SQL the
 * grade (null otherwise), and the retrieval check (null when the watch does not check retrieval or
 * did not sample the event).
 */
public record EventEvaluation(
        long eventTimeMs,
        String app,
        String db,
        String promptVersion,
        String model,
        String source,
        long position,
        String question,
        String sql,
        boolean blocked,
        String blockReason,
        List<String> lintWarnings,
        ExplainOutcome explain,
        String outcomeClass,
        String sqlstate,
        Long latencyMs,
        Long rows,
        String feedback,
        Boolean correct,
        String gradeReason,
        String gradeDetail,
        long evaluationMs,
        TableRecall retrieval)
        implements Serializable {

    public EventEvaluation {
        lintWarnings = lintWarnings == null ? List.of() : List.copyOf(lintWarnings);
    }

    public boolean graded() {
        return correct != null;
    }
}
