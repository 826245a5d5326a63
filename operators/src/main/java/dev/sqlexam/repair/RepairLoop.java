package dev.sqlexam.repair;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.RepairAttempt;
import dev.sqlexam.model.RepairOutcome;
import dev.sqlexam.model.WhitelistResult;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Seed 003/004's repair loop for a chosen candidate that failed its checks: up to {@code
 * maxAttempts}, each first tries the deterministic fixes (PG normalization, 42703/42P01
 * autocorrect, the active surgical whitelist) and then, when a model is there, a repair prompt of
 * base + delta blocks. Only SQL errors and lint/validation failures are repaired: infrastructure
 * failures and blocks never are.
 */
public final class RepairLoop {

    /** REPAIR_CONFIG and the knobs of the deterministic fixes. */
    public record Settings(
            int maxAttempts,
            double confidencePenaltyPerAttempt,
            boolean pgNormalize,
            String divisionValue,
            boolean surgicalWhitelist,
            SurgicalWhitelist.Config whitelist,
            double autocorrectMinConfidence,
            double ambiguityDelta,
            double tableMinSimilarity)
            implements Serializable {
        /**
         * Confidence lost per repair attempt, and the autocorrect's thresholds (fixed parameters of
         * the repair loop).
         */
        static final double CONFIDENCE_PENALTY = 0.1;

        static final double AUTOCORRECT_MIN_CONFIDENCE = 0.75;
        static final double AUTOCORRECT_AMBIGUITY_DELTA = 0.1;
        static final double TABLE_MIN_SIMILARITY = 0.75;

        /**
         * The option registry's values (repair_max_attempts, PG_NORMALIZE_*, SURGICAL_WHITELIST_*).
         */
        public static Settings from(dev.sqlexam.config.Settings s) {
            return new Settings(
                    s.get(SqlExamOptions.REPAIR_MAX_ATTEMPTS),
                    CONFIDENCE_PENALTY,
                    s.get(SqlExamOptions.PG_NORMALIZE_ENABLED),
                    s.get(SqlExamOptions.PG_NORMALIZE_DIVISION_PATTERN),
                    s.get(SqlExamOptions.SURGICAL_WHITELIST_ENABLED),
                    SurgicalWhitelist.Config.defaults(
                            s.get(SqlExamOptions.SURGICAL_WHITELIST_MODE)),
                    AUTOCORRECT_MIN_CONFIDENCE,
                    AUTOCORRECT_AMBIGUITY_DELTA,
                    TABLE_MIN_SIMILARITY);
        }

        public static Settings defaults() {
            return from(dev.sqlexam.config.Settings.defaults());
        }
    }

    /** The result of checking one SQL text (validation, lint, EXPLAIN): passed, or why not. */
    public record Check(
            boolean passed,
            String sqlstate,
            ErrorClass errorClass,
            String message,
            String hint,
            List<String> issues)
            implements Serializable {}

    /**
     * The schema the repair may use: columns per table, FK edges, every table name of the database;
     * and the question.
     */
    public record Context(
            Map<String, Set<String>> columns,
            List<ForeignKey> fks,
            Set<String> knownTables,
            String basePrompt,
            SemanticCheck semantic)
            implements Serializable {
        public Context(
                Map<String, Set<String>> columns,
                List<ForeignKey> fks,
                Set<String> knownTables,
                String basePrompt) {
            this(columns, fks, knownTables, basePrompt, null);
        }
    }

    /**
     * What in a query contradicts the question (the caller knows the question): the SEMANTIC
     * delta's lines.
     */
    @FunctionalInterface
    public interface SemanticCheck extends Serializable {
        List<String> contradictions(String sql);
    }

    @FunctionalInterface
    public interface Checker {
        Check check(String sql);
    }

    /** A model that answers a repair prompt with SQL; empty when it gave none. */
    @FunctionalInterface
    public interface Model {
        Optional<String> repair(String prompt);
    }

    private final Settings settings;
    private final DeterministicFixes fixes;

    public RepairLoop(Settings settings) {
        this.settings = settings;
        this.fixes = new DeterministicFixes(settings);
    }

    /**
     * Repairs {@code sql}, which failed with {@code failure}; {@code model} may be null
     * (deterministic fixes only).
     */
    public RepairOutcome repair(
            String sql, Check failure, Context ctx, Checker checker, Model model) {
        List<RepairAttempt> attempts = new ArrayList<>();
        String current = sql;
        Check last = failure;
        for (int attempt = 1; attempt <= settings.maxAttempts() && repairable(last); attempt++) {
            DeterministicFixes.Fix fix = fixes.fix(current, last, ctx);
            Step step;
            if (fix.sql() != null && !fix.sql().equals(current)) {
                step =
                        checked(
                                attempt,
                                String.join("+", fix.methods()),
                                List.of(),
                                current,
                                fix.sql(),
                                fix.whitelist(),
                                checker);
            } else if (model == null) {
                attempts.add(
                        new RepairAttempt(
                                attempt,
                                "none",
                                List.of(),
                                current,
                                null,
                                false,
                                last.sqlstate(),
                                "no deterministic fix and no model to ask",
                                fix.whitelist()));
                break;
            } else {
                step = asked(attempt, current, last, fix, ctx, checker, model);
            }
            attempts.add(step.attempt());
            if (step.check() == null) continue;
            if (step.check().passed())
                return new RepairOutcome(step.sql(), true, attempts, confidence(attempt));
            current = step.sql();
            last = step.check();
        }
        return new RepairOutcome(sql, false, attempts, confidence(attempts.size()));
    }

    /**
     * One attempt as recorded, and the SQL it tried with its check (both null when the model gave
     * no SQL).
     */
    private record Step(RepairAttempt attempt, String sql, Check check) {}

    private static Step checked(
            int attempt,
            String method,
            List<String> deltas,
            String current,
            String candidate,
            WhitelistResult whitelist,
            Checker checker) {
        Check check = checker.check(candidate);
        return new Step(
                new RepairAttempt(
                        attempt,
                        method,
                        deltas,
                        current,
                        candidate,
                        check.passed(),
                        check.sqlstate(),
                        check.message(),
                        whitelist),
                candidate,
                check);
    }

    /** The repair prompt of this attempt's deltas to the model, and its answer checked. */
    private Step asked(
            int attempt,
            String current,
            Check last,
            DeterministicFixes.Fix fix,
            Context ctx,
            Checker checker,
            Model model) {
        List<RepairPrompt.Delta> deltas = RepairDeltas.of(current, last, fix, ctx);
        String prompt =
                RepairPrompt.build(ctx.basePrompt(), attempt, settings.maxAttempts(), deltas);
        Optional<String> answer = model.repair(prompt);
        List<String> names = deltas.stream().map(RepairPrompt.Delta::name).toList();
        if (answer.isEmpty()) {
            return new Step(
                    new RepairAttempt(
                            attempt,
                            "model",
                            names,
                            current,
                            null,
                            false,
                            null,
                            "the model gave no SQL",
                            fix.whitelist()),
                    null,
                    null);
        }
        return checked(attempt, "model", names, current, answer.get(), fix.whitelist(), checker);
    }

    private double confidence(int attempts) {
        return Math.max(
                0,
                Math.round((1.0 - settings.confidencePenaltyPerAttempt() * attempts) * 100)
                        / 100.0);
    }

    /**
     * Seed 000 retry gating: SQL errors and failed checks are repaired; infrastructure, timeouts of
     * the server, blocks never.
     */
    static boolean repairable(Check c) {
        if (c.passed()) return false;
        if (c.errorClass() == null) return true;
        return c.errorClass() == ErrorClass.SQL_ERROR || c.errorClass() == ErrorClass.UNKNOWN;
    }
}
