package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * How a question's candidates were judged (validation, lint, EXPLAIN, score), which one was chosen,
 * and how it was repaired.
 */
public record EvaluationTrace(
        List<CandidateEvaluation> candidates,
        Integer chosenIndex,
        String chosenSql,
        long durationMs,
        RepairOutcome repair)
        implements Serializable {

    public EvaluationTrace {
        candidates = new ArrayList<>(candidates);
    }

    public EvaluationTrace(
            List<CandidateEvaluation> candidates,
            Integer chosenIndex,
            String chosenSql,
            long durationMs) {
        this(candidates, chosenIndex, chosenSql, durationMs, null);
    }

    /** The chosen candidate after the repair loop: what runs, and the repair's story. */
    public EvaluationTrace withRepair(String sql, RepairOutcome outcome) {
        return new EvaluationTrace(candidates, chosenIndex, sql, durationMs, outcome);
    }

    /** The chosen candidate's evaluation, or null. */
    public CandidateEvaluation chosen() {
        return chosenIndex == null ? null : candidates.get(chosenIndex);
    }

    /** One candidate's evaluation; {@code rank} 1 is the chosen one. */
    public record CandidateEvaluation(
            int index,
            String sql,
            String checkedSql,
            boolean blocked,
            String blockReason,
            List<String> validationErrors,
            List<String> validationWarnings,
            List<LintIssue> lint,
            ExplainOutcome explain,
            ScoreBreakdown score,
            int rank,
            List<ValueCheck> valueChecks)
            implements Serializable {
        public CandidateEvaluation(
                int index,
                String sql,
                String checkedSql,
                boolean blocked,
                String blockReason,
                List<String> validationErrors,
                List<String> validationWarnings,
                List<LintIssue> lint,
                ExplainOutcome explain,
                ScoreBreakdown score,
                int rank) {
            this(
                    index,
                    sql,
                    checkedSql,
                    blocked,
                    blockReason,
                    validationErrors,
                    validationWarnings,
                    lint,
                    explain,
                    score,
                    rank,
                    null);
        }
    }
}
