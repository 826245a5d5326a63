package dev.sqlexam.repair;

import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.RepairAttempt;
import dev.sqlexam.model.RepairOutcome;
import dev.sqlexam.model.WhitelistResult;
import dev.sqlexam.sql.PgNormalize;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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

    public RepairLoop(Settings settings) {
        this.settings = settings;
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
            Deterministic fix = deterministic(current, last, ctx);
            if (fix.sql() != null && !fix.sql().equals(current)) {
                Check check = checker.check(fix.sql());
                attempts.add(
                        new RepairAttempt(
                                attempt,
                                String.join("+", fix.methods()),
                                List.of(),
                                current,
                                fix.sql(),
                                check.passed(),
                                check.sqlstate(),
                                check.message(),
                                fix.whitelist()));
                if (check.passed())
                    return new RepairOutcome(fix.sql(), true, attempts, confidence(attempt));
                current = fix.sql();
                last = check;
                continue;
            }
            if (model == null) {
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
            }
            List<RepairPrompt.Delta> deltas = deltas(current, last, fix, ctx);
            String prompt =
                    RepairPrompt.build(ctx.basePrompt(), attempt, settings.maxAttempts(), deltas);
            Optional<String> answer = model.repair(prompt);
            List<String> names = deltas.stream().map(RepairPrompt.Delta::name).toList();
            if (answer.isEmpty()) {
                attempts.add(
                        new RepairAttempt(
                                attempt,
                                "model",
                                names,
                                current,
                                null,
                                false,
                                null,
                                "the model gave no SQL",
                                fix.whitelist()));
                continue;
            }
            Check check = checker.check(answer.get());
            attempts.add(
                    new RepairAttempt(
                            attempt,
                            "model",
                            names,
                            current,
                            answer.get(),
                            check.passed(),
                            check.sqlstate(),
                            check.message(),
                            fix.whitelist()));
            if (check.passed())
                return new RepairOutcome(answer.get(), true, attempts, confidence(attempt));
            current = answer.get();
            last = check;
        }
        return new RepairOutcome(sql, false, attempts, confidence(attempts.size()));
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

    private record Deterministic(
            String sql,
            List<String> methods,
            Autocorrect.ColumnFix columnFix,
            WhitelistResult whitelist) {}

    private Deterministic deterministic(String sql, Check failure, Context ctx) {
        List<String> methods = new ArrayList<>();
        String out = sql;
        if (settings.pgNormalize()) {
            PgNormalize.Result n = PgNormalize.normalize(out, settings.divisionValue());
            if (n.changed()) {
                methods.add("pg_normalize:" + String.join(",", n.applied()));
                out = n.sql();
            }
        }
        Autocorrect.ColumnFix columnFix = null;
        WhitelistResult whitelist = null;
        String requalified =
                "42703".equals(failure.sqlstate())
                        ? Autocorrect.requalifyToJoinedTable(out, failure.message(), ctx.columns())
                        : "42P01".equals(failure.sqlstate())
                                                && failure.message() != null
                                                && failure.message()
                                                        .contains("missing FROM-clause entry")
                                        || failure.issues().stream()
                                                .anyMatch(i -> i.startsWith("undefined_alias"))
                                ? Autocorrect.requalifyUndefined(
                                        out, ctx.columns(), failure.message())
                                : null;
        if (requalified != null) {
            methods.add("requalify_column");
            return new Deterministic(requalified, methods, null, null);
        }
        if ("42803".equals(failure.sqlstate())) {
            String grouped = Autocorrect.addToGroupBy(out, failure.message());
            if (grouped != null) {
                methods.add("add_to_group_by");
                out = grouped;
            }
        } else if ("42703".equals(failure.sqlstate())) {
            columnFix =
                    Autocorrect.column(
                            out,
                            failure.message(),
                            ctx.columns(),
                            ctx.fks(),
                            settings.autocorrectMinConfidence(),
                            settings.ambiguityDelta());
            if (columnFix != null && columnFix.fixed()) {
                methods.add("autocorrect_column");
                out = columnFix.correctedSql();
            } else if (settings.surgicalWhitelist()) {
                whitelist =
                        SurgicalWhitelist.process(
                                out,
                                failure.message(),
                                ctx.columns(),
                                ctx.fks(),
                                columnFix != null,
                                false,
                                settings.whitelist());
                if (whitelist != null
                        && settings.whitelist().active()
                        && whitelist.active().passed()) {
                    methods.add("surgical_whitelist");
                    out = whitelist.active().correctedSql();
                }
            }
        } else if ("42P01".equals(failure.sqlstate())) {
            Autocorrect.TableFix t =
                    Autocorrect.table(
                            out,
                            failure.message(),
                            ctx.knownTables(),
                            settings.tableMinSimilarity());
            if (t != null && t.correctedSql() != null) {
                methods.add("autocorrect_table");
                out = t.correctedSql();
            }
        }
        return new Deterministic(methods.isEmpty() ? null : out, methods, columnFix, whitelist);
    }

    private static List<RepairPrompt.Delta> deltas(
            String sql, Check failure, Deterministic fix, Context ctx) {
        List<RepairPrompt.Delta> out = new ArrayList<>();
        if (failure.sqlstate() != null || failure.message() != null) {
            Map<String, String> v = new LinkedHashMap<>();
            v.put("sqlstate", failure.sqlstate() == null ? "-" : failure.sqlstate());
            v.put("message", failure.message());
            v.put("hint", failure.hint() == null ? "" : "Hint: " + failure.hint());
            v.put("sql", sql);
            out.add(RepairPrompt.delta("POSTGRES", v));
        }
        Autocorrect.ColumnFix c = fix.columnFix();
        if (fix.whitelist() != null && !fix.whitelist().whitelist().isEmpty()) {
            out.add(
                    RepairPrompt.delta(
                            "MINIMAL_WHITELIST",
                            Map.of(
                                    "column",
                                    c == null ? "" : c.ref().column(),
                                    "whitelist",
                                    String.join(
                                            "\n",
                                            SurgicalWhitelist.render(
                                                    fix.whitelist().whitelist())))));
        }
        if (c != null && c.crossTableHint() != null)
            out.add(RepairPrompt.delta("CROSS_TABLE", Map.of("hint", c.crossTableHint())));
        if (c != null && c.phantomHint() != null)
            out.add(RepairPrompt.delta("PHANTOM_COLUMN", Map.of("hint", c.phantomHint())));
        if (c != null
                && (fix.whitelist() == null || fix.whitelist().whitelist().isEmpty())
                && !c.candidates().isEmpty()) {
            out.add(
                    RepairPrompt.delta(
                            "COLUMN_CANDIDATES",
                            Map.of(
                                    "column",
                                    c.ref().column(),
                                    "candidates",
                                    String.join(", ", Autocorrect.describe(c.candidates(), 5)))));
        }
        if (!failure.issues().isEmpty()) {
            out.add(
                    RepairPrompt.delta(
                            "VALIDATOR",
                            Map.of(
                                    "issues",
                                    String.join(
                                            "\n",
                                            failure.issues().stream()
                                                    .map(i -> "- " + i)
                                                    .toList()))));
        }
        List<String> semantic =
                ctx.semantic() == null ? List.of() : ctx.semantic().contradictions(sql);
        if (!semantic.isEmpty()) {
            out.add(
                    RepairPrompt.delta(
                            "SEMANTIC",
                            Map.of(
                                    "issues",
                                    String.join(
                                            "\n", semantic.stream().map(i -> "- " + i).toList()))));
        }
        return out;
    }
}
