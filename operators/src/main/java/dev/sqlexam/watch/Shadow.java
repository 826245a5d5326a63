package dev.sqlexam.watch;

import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GradeReason;

import java.util.Locale;

/**
 * What a shadow record says: the exam's grade of sqlexam's SQL against the app's own SQL as the
 * reference. It compared unless the grade is excluded from accuracy (the infrastructure failed, or
 * the app's SQL no longer runs); it agreed when the results match; a disagreement is a question for
 * a human to label.
 */
public final class Shadow {

    private Shadow() {}

    public static boolean compared(ExamRecord r) {
        GradeReason reason = GradeReason.valueOf(r.reason().toUpperCase(Locale.ROOT));
        return !reason.excludedFromAccuracy() && reason != GradeReason.GOLD_ERROR;
    }

    public static boolean disagreement(ExamRecord r) {
        return compared(r) && !r.correct();
    }
}
