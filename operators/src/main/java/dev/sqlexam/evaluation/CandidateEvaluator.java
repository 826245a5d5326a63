package dev.sqlexam.evaluation;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ExplainOutcome;
import dev.sqlexam.model.LintSeverity;
import dev.sqlexam.model.ScoreBreakdown;
import dev.sqlexam.repair.RepairLoop;
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
                    s.get(SqlExamOptions.MAX_CANDIDATES_TO_EXPLAIN),
                    s.get(SqlExamOptions.MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS),
                    s.get(SqlExamOptions.CANDIDATE_RERANKER_ENABLED),
                    s.get(SqlExamOptions.ROW_CAP) + 1,
                    s.get(SqlExamOptions.VALUE_VERIFICATION_ENABLED));
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
        List<Integer> eligible =
                validateAndLint(candidates, knownTables, validations, lints, explains);
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
        explainBest(eligible, validations, explains, explainer, pool);
        return CompletableFuture.allOf(explains.values().toArray(new CompletableFuture[0]))
                .thenApply(
                        done ->
                                EvaluationRanking.traced(
                                        settings.valueVerification(),
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
     * Validates and lints each candidate into {@code validations} and {@code lints}; those that
     * cannot be EXPLAINed get their skipped outcome in {@code explains}. The indexes of the others.
     */
    private List<Integer> validateAndLint(
            List<Candidate> candidates,
            Set<String> knownTables,
            List<StructuralValidator.Validation> validations,
            List<SqlLint.Result> lints,
            Map<Integer, CompletableFuture<ExplainOutcome>> explains) {
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
                explains.put(i, skipped("blocked: " + v.blockReason()));
            } else if (lint.hasErrors()) {
                explains.put(i, skipped("lint errors: EXPLAIN skipped"));
            } else if (!v.errors().isEmpty()) {
                explains.put(i, skipped("validation: " + String.join("; ", v.errors())));
            } else {
                eligible.add(i);
            }
        }
        return eligible;
    }

    /**
     * EXPLAINs the first maxToExplain of the {@code eligible} candidates (best first) on the pool;
     * the rest are skipped.
     */
    private void explainBest(
            List<Integer> eligible,
            List<StructuralValidator.Validation> validations,
            Map<Integer, CompletableFuture<ExplainOutcome>> explains,
            Explainer explainer,
            Executor pool) {
        for (int rank = 0; rank < eligible.size(); rank++) {
            int i = eligible.get(rank);
            if (rank >= settings.maxToExplain()) {
                explains.put(
                        i, skipped("beyond max_candidates_to_explain " + settings.maxToExplain()));
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
    }

    private static CompletableFuture<ExplainOutcome> skipped(String reason) {
        return CompletableFuture.completedFuture(ExplainOutcome.skipped(reason));
    }

    /** One SQL text through the same checks (validation, lint, EXPLAIN), for the repair loop. */
    public static RepairLoop.Check check(
            String sql, Set<String> knownTables, int limit, Explainer explainer) {
        StructuralValidator.Validation v = StructuralValidator.validate(sql, knownTables, limit);
        if (v.blocked())
            return new RepairLoop.Check(
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
            return new RepairLoop.Check(
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
            return new RepairLoop.Check(false, null, null, String.join("; ", issues), null, issues);
        ExplainOutcome e = explainer.explain(v.sql());
        return new RepairLoop.Check(
                e.passed(), e.sqlstate(), e.errorClass(), e.error(), e.hint(), List.of());
    }
}
