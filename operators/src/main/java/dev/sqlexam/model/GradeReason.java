package dev.sqlexam.model;

/** Why a prediction was graded the way it was. The first three count as correct. */
public enum GradeReason {
    MATCH("match", true),
    MATCH_UNORDERED("match_unordered", true),
    MATCH_EMPTY("match_empty", true),
    ROW_COUNT_MISMATCH("row_count_mismatch", false),
    VALUE_MISMATCH("value_mismatch", false),
    COLUMN_COUNT_MISMATCH("column_count_mismatch", false),
    ORDER_MISMATCH("order_mismatch", false),
    ROW_CAP_EXCEEDED("row_cap_exceeded", false),
    PRED_ERROR("pred_error", false),
    PRED_BLOCKED("pred_blocked", false),
    NO_PREDICTION("no_prediction", false),
    MISSING("missing", false),
    TIMEOUT("timeout", false),
    GOLD_ERROR("gold_error", false),
    /** Matched on the exam database, not on a database of the test suite (--test-suite). */
    SUITE_MISMATCH("suite_mismatch", false),
    INFRA_FAILURE("infra_failure", false);

    private final String code;
    private final boolean correct;

    GradeReason(String code, boolean correct) {
        this.code = code;
        this.correct = correct;
    }

    public String code() {
        return code;
    }

    public boolean correct() {
        return correct;
    }

    /**
     * True for outcomes that say nothing about the question: the database or the harness failed. A
     * failing gold is not excluded: it is the exam set's defect and must show in its accuracy.
     */
    public boolean excludedFromAccuracy() {
        return this == INFRA_FAILURE;
    }

    @Override
    public String toString() {
        return code;
    }
}
