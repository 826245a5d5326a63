package dev.sqlexam.grading;

import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.Grade;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.sql.OrderSpec;
import dev.sqlexam.sql.QueryOutcome;

import java.util.List;

/**
 * Grades one prediction against a question's gold queries (the gold and its alternatives): correct
 * when any gold matches. Never throws: every outcome is a {@link Grade} with a reason. Failures of
 * the harness (the gold fails, the database is unreachable) are never charged to the prediction.
 */
public final class Grader {

    private final ResultComparator comparator;
    private final GradingRules rules;

    public Grader(GradingRules rules) {
        this.rules = rules;
        this.comparator = new ResultComparator(rules.tolerance());
    }

    /** A grader that keeps the default evidence of a wrong prediction. */
    public Grader(Tolerance tolerance) {
        this(new GradingRules(tolerance, GradingRules.EvidenceLimits.DEFAULT));
    }

    /** A gold query's execution and its ordering rule. */
    public record GoldRun(String sql, OrderSpec order, QueryOutcome outcome) {}

    /**
     * A gold that failed for a reason of the harness, never of the exam set: the server or
     * connection (08, 53, 57P0x, ...) or a permission the reader lacks (42501).
     */
    public static boolean goldFailedForTheHarness(QueryOutcome gold) {
        return !gold.ok()
                && (gold.errorClass() == ErrorClass.INFRA_FAILURE
                        || "42501".equals(gold.sqlstate()));
    }

    public Grade grade(List<GoldRun> golds, QueryOutcome prediction) {
        GoldRun reference = golds.stream().filter(g -> g.outcome().ok()).findFirst().orElse(null);
        if (reference == null) {
            QueryOutcome first = golds.isEmpty() ? null : golds.get(0).outcome();
            boolean infra = first != null && goldFailedForTheHarness(first);
            return Grade.failure(
                    infra ? GradeReason.INFRA_FAILURE : GradeReason.GOLD_ERROR,
                    first == null ? "no gold query" : "gold failed: " + first.error());
        }
        if (prediction == null) return Grade.failure(GradeReason.NO_PREDICTION, "no candidate SQL");
        if (!prediction.ok())
            return predictionFailure(prediction, reference, golds.indexOf(reference));

        ResultComparator.Comparison strict = null;
        ResultComparator.Comparison lenient = null;
        int matched = -1;
        GoldRun strictGold = reference;
        int strictIndex = golds.indexOf(reference);
        for (int i = 0; i < golds.size(); i++) {
            GoldRun gold = golds.get(i);
            if (!gold.outcome().ok()) continue;
            ResultComparator.Comparison s =
                    comparator.compare(
                            gold.outcome().result(), prediction.result(), gold.order(), false);
            ResultComparator.Comparison l =
                    comparator.compare(
                            gold.outcome().result(), prediction.result(), gold.order(), true);
            if (strict == null || (s.correct() && !strict.correct())) {
                strict = s;
                strictGold = gold;
                strictIndex = i;
                if (s.correct()) matched = i;
            }
            if (lenient == null || (l.correct() && !lenient.correct())) lenient = l;
            if (strict.correct() && lenient.correct()) break;
        }
        String detail =
                strict.detail() + (matched > 0 ? " (matched alternative " + matched + ")" : "");
        return new Grade(
                strict.reason(),
                lenient.reason(),
                matched,
                strictGold.order().ordered(),
                strictGold.outcome().result().rowCount(),
                prediction.result().rowCount(),
                detail,
                strict.correct()
                        ? null
                        : RowEvidence.of(
                                strictGold.outcome().result(),
                                prediction.result(),
                                strict.reason(),
                                rules.evidence(),
                                rules.tolerance()),
                strictIndex);
    }

    /**
     * The indices of the golds (in their given order) the prediction matches strictly and
     * leniently.
     */
    public record GoldMatches(List<Integer> strict, List<Integer> lenient) {

        public GoldMatches {
            strict = List.copyOf(strict);
            lenient = List.copyOf(lenient);
        }
    }

    /**
     * Every gold that ran and that {@code prediction} matches, strictly and leniently (empty lists:
     * none, or the prediction failed).
     */
    public GoldMatches matches(List<GoldRun> golds, QueryOutcome prediction) {
        List<Integer> strict = new java.util.ArrayList<>();
        List<Integer> lenient = new java.util.ArrayList<>();
        if (prediction == null || !prediction.ok()) return new GoldMatches(strict, lenient);
        for (int i = 0; i < golds.size(); i++) {
            GoldRun gold = golds.get(i);
            if (!gold.outcome().ok()) continue;
            if (comparator
                    .compare(gold.outcome().result(), prediction.result(), gold.order(), false)
                    .correct()) strict.add(i);
            if (comparator
                    .compare(gold.outcome().result(), prediction.result(), gold.order(), true)
                    .correct()) lenient.add(i);
        }
        return new GoldMatches(strict, lenient);
    }

    private Grade predictionFailure(QueryOutcome prediction, GoldRun reference, int index) {
        GradeReason reason;
        if (prediction.errorClass() == ErrorClass.QUERY_TIMEOUT) reason = GradeReason.TIMEOUT;
        else if (prediction.errorClass() == ErrorClass.INFRA_FAILURE)
            reason = GradeReason.INFRA_FAILURE;
        else if (prediction.errorClass() == ErrorClass.VALIDATION_BLOCK
                && prediction.sqlstate() == null) reason = GradeReason.PRED_BLOCKED;
        else reason = GradeReason.PRED_ERROR;
        String state = prediction.sqlstate() == null ? "" : " [" + prediction.sqlstate() + "]";
        return new Grade(
                reason,
                reason,
                -1,
                reference.order().ordered(),
                reference.outcome().result().rowCount(),
                -1,
                prediction.error() + state,
                reason == GradeReason.INFRA_FAILURE
                        ? null
                        : RowEvidence.of(
                                reference.outcome().result(),
                                null,
                                reason,
                                rules.evidence(),
                                rules.tolerance()),
                index);
    }
}
