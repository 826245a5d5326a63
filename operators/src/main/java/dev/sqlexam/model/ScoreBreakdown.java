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
        return toBuilder().explain(factor).total(round(total - explain + factor)).build();
    }

    /** This breakdown with value verification's penalty added to the total. */
    public ScoreBreakdown withValueVerification(double penalty) {
        return toBuilder()
                .valueVerification(penalty)
                .total(round(total - valueVerification + penalty))
                .build();
    }

    /** A builder holding every field of this breakdown. */
    private Builder toBuilder() {
        return of(base).lint(lint)
                .explain(explain)
                .groupBy(groupBy)
                .orderLimit(orderLimit)
                .distinct(distinct)
                .join(join)
                .schemaAdherence(schemaAdherence)
                .joinMatch(joinMatch)
                .resultShape(resultShape)
                .valueVerification(valueVerification)
                .total(total);
    }

    /** Builds a breakdown of {@code base} points: 0 where not set. */
    public static Builder of(double base) {
        return new Builder(base);
    }

    /** Builds a {@link ScoreBreakdown} by its fields' names. */
    public static final class Builder {
        private final double base;
        private double lint;
        private double explain;
        private double groupBy;
        private double orderLimit;
        private double distinct;
        private double join;
        private double schemaAdherence;
        private double joinMatch;
        private double resultShape;
        private double valueVerification;
        private double total;

        private Builder(double base) {
            this.base = base;
        }

        public Builder lint(double value) {
            lint = value;
            return this;
        }

        public Builder explain(double value) {
            explain = value;
            return this;
        }

        public Builder groupBy(double value) {
            groupBy = value;
            return this;
        }

        public Builder orderLimit(double value) {
            orderLimit = value;
            return this;
        }

        public Builder distinct(double value) {
            distinct = value;
            return this;
        }

        public Builder join(double value) {
            join = value;
            return this;
        }

        public Builder schemaAdherence(double value) {
            schemaAdherence = value;
            return this;
        }

        public Builder joinMatch(double value) {
            joinMatch = value;
            return this;
        }

        public Builder resultShape(double value) {
            resultShape = value;
            return this;
        }

        private Builder valueVerification(double value) {
            valueVerification = value;
            return this;
        }

        public Builder total(double value) {
            total = value;
            return this;
        }

        /**
         * The breakdown; value verification's penalty is 0 unless this builder copies a breakdown
         * that has one.
         */
        public ScoreBreakdown build() {
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
                    valueVerification,
                    total);
        }
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
