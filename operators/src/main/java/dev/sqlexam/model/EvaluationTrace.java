package dev.sqlexam.model;

import dev.sqlexam.evaluation.CandidateScorer;
import dev.sqlexam.sql.ExplainOutcome;
import dev.sqlexam.sql.SqlLint;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** How a question's candidates were judged (validation, lint, EXPLAIN, score), which one was chosen, and how it was repaired. */
public record EvaluationTrace(List<CandidateEvaluation> candidates, Integer chosenIndex, String chosenSql, long durationMs,
        dev.sqlexam.repair.RepairLoop.Outcome repair) implements Serializable {

    public EvaluationTrace {
        candidates = new ArrayList<>(candidates);
    }

    public EvaluationTrace(List<CandidateEvaluation> candidates, Integer chosenIndex, String chosenSql, long durationMs) {
        this(candidates, chosenIndex, chosenSql, durationMs, null);
    }

    /** The chosen candidate after the repair loop: what runs, and the repair's story. */
    public EvaluationTrace withRepair(String sql, dev.sqlexam.repair.RepairLoop.Outcome outcome) {
        return new EvaluationTrace(candidates, chosenIndex, sql, durationMs, outcome);
    }

    /** The chosen candidate's evaluation, or null. */
    public CandidateEvaluation chosen() {
        return chosenIndex == null ? null : candidates.get(chosenIndex);
    }

    /** One candidate's evaluation; {@code rank} 1 is the chosen one. */
    public record CandidateEvaluation(int index, String sql, String checkedSql, boolean blocked, String blockReason,
            List<String> validationErrors, List<String> validationWarnings, List<SqlLint.Issue> lint, ExplainOutcome explain,
            CandidateScorer.Breakdown score, int rank, List<dev.sqlexam.evaluation.ValueVerifier.ValueCheck> valueChecks)
            implements Serializable {
        public CandidateEvaluation(int index, String sql, String checkedSql, boolean blocked, String blockReason,
                List<String> validationErrors, List<String> validationWarnings, List<SqlLint.Issue> lint, ExplainOutcome explain,
                CandidateScorer.Breakdown score, int rank) {
            this(index, sql, checkedSql, blocked, blockReason, validationErrors, validationWarnings, lint, explain, score, rank, null);
        }
    }
}
