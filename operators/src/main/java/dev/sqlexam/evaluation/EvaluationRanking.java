package dev.sqlexam.evaluation;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ExplainOutcome;
import dev.sqlexam.model.ScoreBreakdown;
import dev.sqlexam.model.ValueCheck;
import dev.sqlexam.sql.SqlLint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * CandidateEvaluator's last step: the candidates scored with their EXPLAIN outcomes, ranked
 * (blocked ones left out), the top two value-checked, and the best one chosen.
 */
final class EvaluationRanking {

    private EvaluationRanking() {}

    /**
     * The evaluation once every EXPLAIN is in: each candidate's final score, the ranking, value
     * checks of the top two.
     */
    static EvaluationTrace traced(
            boolean valueVerification,
            List<Candidate> candidates,
            List<StructuralValidator.Validation> validations,
            List<SqlLint.Result> lints,
            Map<Integer, CompletableFuture<ExplainOutcome>> explains,
            List<ScoreBreakdown> planless,
            CandidateScorer.Schema schema,
            ValueVerifier.ValueLookup values,
            long start) {
        List<CandidateScorer.Scored> scored = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            ExplainOutcome e = explains.get(i).join();
            scored.add(
                    new CandidateScorer.Scored(
                            i,
                            candidates.get(i).sql(),
                            lints.get(i),
                            e,
                            planless.get(i).withExplain(CandidateScorer.explainFactor(e))));
        }
        List<CandidateScorer.Scored> ranked =
                new ArrayList<>(
                        CandidateScorer.rank(scored).stream()
                                .filter(s -> !validations.get(s.index()).blocked())
                                .toList());
        Map<Integer, List<ValueCheck>> valueChecks = new HashMap<>();
        if (valueVerification && values != null)
            verifyTopTwo(ranked, scored, schema, values, valueChecks);
        List<EvaluationTrace.CandidateEvaluation> out = new ArrayList<>();
        for (CandidateScorer.Scored s : scored) {
            StructuralValidator.Validation v = validations.get(s.index());
            out.add(
                    EvaluationTrace.CandidateEvaluation.of(s.index(), s.sql())
                            .checkedSql(v.sql())
                            .blocked(v.blocked(), v.blockReason())
                            .validation(v.errors(), v.warnings())
                            .lint(s.lint().issues())
                            .explain(s.explain())
                            .score(s.score())
                            .rank(ranked.indexOf(s) + 1)
                            .valueChecks(valueChecks.get(s.index()))
                            .build());
        }
        CandidateScorer.Scored best = ranked.isEmpty() ? null : ranked.get(0);
        return new EvaluationTrace(
                out,
                best == null ? null : best.index(),
                best == null ? null : validations.get(best.index()).sql(),
                (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * Seed 004: the literals of the two best candidates are looked up; a missing value costs
     * points, and the two may swap.
     */
    private static void verifyTopTwo(
            List<CandidateScorer.Scored> ranked,
            List<CandidateScorer.Scored> scored,
            CandidateScorer.Schema schema,
            ValueVerifier.ValueLookup values,
            Map<Integer, List<ValueCheck>> checks) {
        int n = Math.min(2, ranked.size());
        for (int r = 0; r < n; r++) {
            CandidateScorer.Scored s = ranked.get(r);
            List<ValueCheck> found = ValueVerifier.check(s.sql(), schema.columns(), values);
            checks.put(s.index(), found);
            CandidateScorer.Scored adjusted =
                    new CandidateScorer.Scored(
                            s.index(),
                            s.sql(),
                            s.lint(),
                            s.explain(),
                            s.score().withValueVerification(ValueVerifier.penalty(found)));
            ranked.set(r, adjusted);
            scored.set(scored.indexOf(s), adjusted);
        }
        List<CandidateScorer.Scored> top = CandidateScorer.rank(ranked.subList(0, n));
        for (int r = 0; r < n; r++) ranked.set(r, top.get(r));
    }
}
