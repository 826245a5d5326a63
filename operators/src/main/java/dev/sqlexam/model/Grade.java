package dev.sqlexam.model;

import java.io.Serializable;

/**
 * The verdict on one prediction: strict (same columns) and lenient (extra predicted columns
 * allowed), each with its reason, which gold query matched (0 = gold_sql, 1.. = alternatives, -1 =
 * none), and for a wrong one the rows that show it ({@code evidence}, null: none kept) against the
 * gold it was compared with ({@code comparedGold}, -1: none ran).
 */
public record Grade(
        GradeReason reason,
        GradeReason lenientReason,
        int matchedGold,
        boolean orderMatters,
        int goldRows,
        int predRows,
        String detail,
        ResultEvidence evidence,
        int comparedGold)
        implements Serializable {

    public Grade(
            GradeReason reason,
            GradeReason lenientReason,
            int matchedGold,
            boolean orderMatters,
            int goldRows,
            int predRows,
            String detail) {
        this(
                reason,
                lenientReason,
                matchedGold,
                orderMatters,
                goldRows,
                predRows,
                detail,
                null,
                -1);
    }

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
