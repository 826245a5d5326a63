package dev.sqlexam.model;

import java.io.Serializable;

/** Every factor of one candidate's score, for the log. */
public record ScoreBreakdown(
        double base,
        double lint,
        double explain,
        double groupBy,
        double orderLimit,
        double distinct,
        double join,
        double schemaAdherence,
        double joinMatch,
        double resultShape,
        double valueVerification,
        double total)
        implements Serializable {
    public ScoreBreakdown(
            double base,
            double lint,
            double explain,
            double groupBy,
            double orderLimit,
            double distinct,
            double join,
            double schemaAdherence,
            double joinMatch,
            double resultShape,
            double total) {
        this(
                base,
                lint,
                explain,
                groupBy,
                orderLimit,
                distinct,
                join,
                schemaAdherence,
                joinMatch,
                resultShape,
                0,
                total);
    }

    /**
     * This breakdown with another EXPLAIN factor (the only factor that depends on EXPLAIN's
     * outcome).
     */
    public ScoreBreakdown withExplain(double factor) {
        return new ScoreBreakdown(
                base,
                lint,
                factor,
                groupBy,
                orderLimit,
                distinct,
                join,
                schemaAdherence,
                joinMatch,
                resultShape,
                valueVerification,
                round(total - explain + factor));
    }

    /** This breakdown with value verification's penalty added to the total. */
    public ScoreBreakdown withValueVerification(double penalty) {
        return new ScoreBreakdown(
                base,
                lint,
                explain,
                groupBy,
                orderLimit,
                distinct,
                join,
                schemaAdherence,
                joinMatch,
                resultShape,
                penalty,
                round(total - valueVerification + penalty));
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
