package dev.sqlexam.evaluation;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ExplainOutcome;
import dev.sqlexam.model.LintSeverity;
import dev.sqlexam.model.ScoreBreakdown;
import dev.sqlexam.model.ValueCheck;
import dev.sqlexam.sql.SqlLint;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Stage 5 for one question: each candidate is validated and linted; up to {@code maxToExplain}
 * clean ones are EXPLAINed in parallel; all are scored and ranked, and the best one is chosen.
 * Blocked candidates are never EXPLAINed or chosen.
 */
public final class CandidateEvaluator {

    /**
     * max_candidates_to_explain, MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS, CANDIDATE_RERANKER_ENABLED,
     * the LIMIT added when missing, and VALUE_VERIFICATION_ENABLED.
     */
    public record Settings(
            int maxToExplain,
            long explainTimeoutMs,
            boolean reranker,
            int limit,
            boolean valueVerification)
            implements Serializable {

        /**
         * max_candidates_to_explain, MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS,
         * CANDIDATE_RERANKER_ENABLED, row_cap + 1, VALUE_VERIFICATION_ENABLED.
         */
        public static Settings from(dev.sqlexam.config.Settings s) {
            return new Settings(
                    s.get(dev.sqlexam.config.SqlExamOptions.MAX_CANDIDATES_TO_EXPLAIN),
                    s.get(dev.sqlexam.config.SqlExamOptions.MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS),
                    s.get(dev.sqlexam.config.SqlExamOptions.CANDIDATE_RERANKER_ENABLED),
                    s.get(dev.sqlexam.config.SqlExamOptions.ROW_CAP) + 1,
                    s.get(dev.sqlexam.config.SqlExamOptions.VALUE_VERIFICATION_ENABLED));
        }

        public Settings(int maxToExplain, long explainTimeoutMs, boolean reranker, int limit) {
            this(maxToExplain, explainTimeoutMs, reranker, limit, false);
        }
    }

    /** EXPLAIN of one SQL text on the question's database. */
    @FunctionalInterface
    public interface Explainer {
        ExplainOutcome explain(String sql);
    }

    private final Settings settings;

    public CandidateEvaluator(Settings settings) {
        this.settings = settings;
    }

    public CompletableFuture<EvaluationTrace> evaluate(
            String question,
            List<Candidate> candidates,
            CandidateScorer.Schema schema,
            Set<String> knownTables,
            Explainer explainer,
            Executor pool) {
        return evaluate(question, candidates, schema, knownTables, explainer, null, pool);
    }

    /**
     * {@code values} looks up literals for value verification (null, or the setting off: no
     * lookups).
     */
    public CompletableFuture<EvaluationTrace> evaluate(
            String question,
            List<Candidate> candidates,
            CandidateScorer.Schema schema,
            Set<String> knownTables,
            Explainer explainer,
            ValueVerifier.ValueLookup values,
            Executor pool) {
        long start = System.nanoTime();
        List<StructuralValidator.Validation> validations = new ArrayList<>();
        List<SqlLint.Result> lints = new ArrayList<>();
        Map<Integer, CompletableFuture<ExplainOutcome>> explains = new HashMap<>();
        QuestionAgreement.Pool agreement =
                QuestionAgreement.pool(question, candidates.stream().map(Candidate::sql).toList());
        List<Integer> eligible = new ArrayList<>();
        for (Candidate c : candidates) {
            StructuralValidator.Validation v =
                    StructuralValidator.validate(c.sql(), knownTables, settings.limit());
            SqlLint.Result lint =
                    v.blocked() ? new SqlLint.Result(List.of()) : SqlLint.lint(c.sql());
            validations.add(v);
            lints.add(lint);
            int i = validations.size() - 1;
            if (v.blocked()) {
                explains.put(
                        i,
                        CompletableFuture.completedFuture(
                                ExplainOutcome.skipped("blocked: " + v.blockReason())));
            } else if (lint.hasErrors()) {
                explains.put(
                        i,
                        CompletableFuture.completedFuture(
                                ExplainOutcome.skipped("lint errors: EXPLAIN skipped")));
            } else if (!v.errors().isEmpty()) {
                explains.put(
                        i,
                        CompletableFuture.completedFuture(
                                ExplainOutcome.skipped(
                                        "validation: " + String.join("; ", v.errors()))));
            } else {
                eligible.add(i);
            }
        }
        // Each candidate is scored once as if its plan passed; EXPLAIN's outcome only adjusts that
        // factor afterwards.
        // The EXPLAIN budget goes to the best candidates by that score, not to the first ones.
        ExplainOutcome assumed = ExplainOutcome.passed(0, 0, 0);
        List<ScoreBreakdown> planless = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            planless.add(
                    CandidateScorer.score(
                            question,
                            candidates.get(i).sql(),
                            lints.get(i),
                            assumed,
                            schema,
                            settings.reranker(),
                            agreement));
        }
        eligible.sort(
                Comparator.comparingDouble((Integer i) -> -planless.get(i).total())
                        .thenComparingInt(i -> i));
        for (int rank = 0; rank < eligible.size(); rank++) {
            int i = eligible.get(rank);
            if (rank >= settings.maxToExplain()) {
                explains.put(
                        i,
                        CompletableFuture.completedFuture(
                                ExplainOutcome.skipped(
                                        "beyond max_candidates_to_explain "
                                                + settings.maxToExplain())));
                continue;
            }
            String sql = validations.get(i).sql();
            explains.put(
                    i,
                    CompletableFuture.supplyAsync(() -> explainer.explain(sql), pool)
                            .exceptionally(
                                    e ->
                                            ExplainOutcome.failed(
                                                    null,
                                                    ErrorClass.INFRA_FAILURE,
                                                    "EXPLAIN crashed: " + e.getMessage(),
                                                    null,
                                                    0)));
        }
        return CompletableFuture.allOf(explains.values().toArray(new CompletableFuture[0]))
                .thenApply(
                        done ->
                                traced(
                                        candidates,
                                        validations,
                                        lints,
                                        explains,
                                        planless,
                                        schema,
                                        values,
                                        start));
    }

    /**
     * The evaluation once every EXPLAIN is in: each candidate's final score, the ranking, value
     * checks of the top two.
     */
    private EvaluationTrace traced(
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
        if (settings.valueVerification() && values != null)
            verifyTopTwo(ranked, scored, schema, values, valueChecks);
        List<EvaluationTrace.CandidateEvaluation> out = new ArrayList<>();
        for (CandidateScorer.Scored s : scored) {
            StructuralValidator.Validation v = validations.get(s.index());
            out.add(
                    new EvaluationTrace.CandidateEvaluation(
                            s.index(),
                            s.sql(),
                            v.sql(),
                            v.blocked(),
                            v.blockReason(),
                            v.errors(),
                            v.warnings(),
                            s.lint().issues(),
                            s.explain(),
                            s.score(),
                            ranked.indexOf(s) + 1,
                            valueChecks.get(s.index())));
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

    /** One SQL text through the same checks (validation, lint, EXPLAIN), for the repair loop. */
    public static dev.sqlexam.repair.RepairLoop.Check check(
            String sql, Set<String> knownTables, int limit, Explainer explainer) {
        StructuralValidator.Validation v = StructuralValidator.validate(sql, knownTables, limit);
        if (v.blocked())
            return new dev.sqlexam.repair.RepairLoop.Check(
                    false,
                    null,
                    ErrorClass.VALIDATION_BLOCK,
                    "blocked: " + v.blockReason(),
                    null,
                    List.of(v.blockReason()));
        String unknown =
                v.errors().stream()
                        .filter(x -> x.startsWith(StructuralValidator.UNKNOWN_TABLE))
                        .findFirst()
                        .orElse(null);
        if (unknown != null) {
            String table = unknown.substring(StructuralValidator.UNKNOWN_TABLE.length());
            return new dev.sqlexam.repair.RepairLoop.Check(
                    false,
                    "42P01",
                    ErrorClass.SQL_ERROR,
                    "relation \"" + table + "\" does not exist",
                    null,
                    v.errors());
        }
        List<String> issues = new ArrayList<>(v.errors());
        SqlLint.lint(sql).issues().stream()
                .filter(i -> i.severity() == LintSeverity.ERROR)
                .forEach(i -> issues.add(i.code() + ": " + i.message()));
        if (!issues.isEmpty())
            return new dev.sqlexam.repair.RepairLoop.Check(
                    false, null, null, String.join("; ", issues), null, issues);
        ExplainOutcome e = explainer.explain(v.sql());
        return new dev.sqlexam.repair.RepairLoop.Check(
                e.passed(), e.sqlstate(), e.errorClass(), e.error(), e.hint(), List.of());
    }
}
