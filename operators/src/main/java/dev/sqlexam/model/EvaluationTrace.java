package dev.sqlexam.model;

import dev.sqlexam.evaluation.CandidateScorer;
import dev.sqlexam.sql.ExplainOutcome;
import dev.sqlexam.sql.SqlLint;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** How a question's candidates were judged: each one's validation, lint, EXPLAIN and score, and which one was chosen. */
public record EvaluationTrace(List<CandidateEvaluation> candidates, Integer chosenIndex, String chosenSql, long durationMs)
        implements Serializable {

    public EvaluationTrace {
        candidates = new ArrayList<>(candidates);
    }

    /** One candidate's evaluation; {@code rank} 1 is the chosen one. */
    public record CandidateEvaluation(int index, String sql, String checkedSql, boolean blocked, String blockReason,
            List<String> validationErrors, List<String> validationWarnings, List<SqlLint.Issue> lint, ExplainOutcome explain,
            CandidateScorer.Breakdown score, int rank) implements Serializable {}
}
