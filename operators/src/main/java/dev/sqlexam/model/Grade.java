package dev.sqlexam.model;

import java.io.Serializable;

/**
 * The verdict on one prediction: strict (same columns) and lenient (extra predicted columns
 * allowed), each with its reason, which gold query matched (0 = gold_sql, 1.. = alternatives, -1 =
 * none).
 */
public record Grade(
        GradeReason reason,
        GradeReason lenientReason,
        int matchedGold,
        boolean orderMatters,
        int goldRows,
        int predRows,
        String detail)
        implements Serializable {

    public boolean correct() {
        return reason.correct();
    }

    public boolean lenientCorrect() {
        return lenientReason.correct();
    }

    public static Grade failure(GradeReason reason, String detail) {
        return new Grade(reason, reason, -1, false, -1, -1, detail);
    }
}
