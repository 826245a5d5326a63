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

        /**
         * Builds the evaluation of candidate {@code index}, {@code sql}: null, false or 0 where not
         * set.
         */
        public static Builder of(int index, String sql) {
            return new Builder(index, sql);
        }

        /** Builds a {@link CandidateEvaluation} by its fields' names. */
        public static final class Builder {
            private final int index;
            private final String sql;
            private String checkedSql;
            private boolean blocked;
            private String blockReason;
            private List<String> validationErrors;
            private List<String> validationWarnings;
            private List<LintIssue> lint;
            private ExplainOutcome explain;
            private ScoreBreakdown score;
            private int rank;
            private List<ValueCheck> valueChecks;

            private Builder(int index, String sql) {
                this.index = index;
                this.sql = sql;
            }

            public Builder checkedSql(String value) {
                checkedSql = value;
                return this;
            }

            public Builder blocked(boolean value, String reason) {
                blocked = value;
                blockReason = reason;
                return this;
            }

            public Builder validation(List<String> errors, List<String> warnings) {
                validationErrors = errors;
                validationWarnings = warnings;
                return this;
            }

            public Builder lint(List<LintIssue> value) {
                lint = value;
                return this;
            }

            public Builder explain(ExplainOutcome value) {
                explain = value;
                return this;
            }

            public Builder score(ScoreBreakdown value) {
                score = value;
                return this;
            }

            public Builder rank(int value) {
                rank = value;
                return this;
            }

            public Builder valueChecks(List<ValueCheck> value) {
                valueChecks = value;
                return this;
            }

            public CandidateEvaluation build() {
                return new CandidateEvaluation(
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
                        valueChecks);
            }
        }
    }
}
