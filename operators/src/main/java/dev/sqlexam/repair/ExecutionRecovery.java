package dev.sqlexam.repair;

import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.SqlText;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When the chosen SQL passed EXPLAIN but fails as it runs (division by zero, a bad cast of a value,
 * a subquery with several rows, the server's timeout): first the deterministic fix for division by
 * zero (divisors wrapped in NULLIF(…, 0)), then the next candidates in the evaluation's ranking
 * that passed their checks. Infrastructure failures and blocks are never retried.
 */
public final class ExecutionRecovery {

    /** One try: the method, the SQL, and how it ran. */
    public record Attempt(String method, String sql, boolean ok, String sqlstate, String error)
            implements Serializable {}

    /** The outcome: the SQL and result to grade (null when nothing ran), and every try. */
    public record Result(String sql, QueryOutcome outcome, List<Attempt> attempts) {
        public boolean recovered() {
            return outcome != null && outcome.ok();
        }
    }

    private static final String PARENS = "\\((?:[^()]|\\((?:[^()]|\\([^()]*\\))*\\))*\\)";
    private static final Pattern DIVISOR =
            Pattern.compile(
                    "/\\s*(?!NULLIF\\b)((?:[A-Za-z_][\\w$]*\\s*\\.\\s*)?[A-Za-z_][\\w$]*"
                            + "(?:\\s*"
                            + PARENS
                            + "(?:\\s*FILTER\\s*"
                            + PARENS
                            + ")?(?:\\s*OVER\\s*"
                            + PARENS
                            + ")?)?|"
                            + PARENS
                            + ")",
                    Pattern.CASE_INSENSITIVE);

    private ExecutionRecovery() {}

    public static boolean recoverable(QueryOutcome failed) {
        return failed != null
                && !failed.ok()
                && (failed.errorClass() == ErrorClass.SQL_ERROR
                        || failed.errorClass() == ErrorClass.QUERY_TIMEOUT);
    }

    public static Result recover(
            String sql,
            QueryOutcome failed,
            EvaluationTrace evaluation,
            int maxFallbacks,
            Function<String, QueryOutcome> execute) {
        List<Attempt> attempts = new ArrayList<>();
        if (!recoverable(failed)) return new Result(null, null, attempts);
        if ("22012".equals(failed.sqlstate())) {
            String guarded = nullIfDivisors(sql);
            if (!guarded.equals(sql)) {
                QueryOutcome o = execute.apply(guarded);
                attempts.add(
                        new Attempt("nullif_divisor", guarded, o.ok(), o.sqlstate(), o.error()));
                if (o.ok()) return new Result(guarded, o, attempts);
            }
        }
        if (evaluation != null) {
            List<EvaluationTrace.CandidateEvaluation> ranked =
                    evaluation.candidates().stream()
                            .filter(
                                    c ->
                                            !c.blocked()
                                                    && c.rank() > 0
                                                    && c.explain() != null
                                                    && c.explain().passed())
                            .filter(
                                    c ->
                                            evaluation.chosenIndex() == null
                                                    || c.index() != evaluation.chosenIndex())
                            .sorted(
                                    Comparator.comparingInt(
                                            EvaluationTrace.CandidateEvaluation::rank))
                            .toList();
            for (EvaluationTrace.CandidateEvaluation c :
                    ranked.subList(0, Math.min(maxFallbacks, ranked.size()))) {
                String next = c.checkedSql() == null ? c.sql() : c.checkedSql();
                QueryOutcome o = execute.apply(next);
                attempts.add(
                        new Attempt(
                                "next_ranked_candidate:" + c.index(),
                                next,
                                o.ok(),
                                o.sqlstate(),
                                o.error()));
                if (o.ok()) return new Result(next, o, attempts);
                if (o.errorClass() == ErrorClass.INFRA_FAILURE) break;
            }
        }
        return new Result(null, null, attempts);
    }

    /**
     * Every divisor that is a column, a call or a parenthesised expression becomes NULLIF(divisor,
     * 0); literals stay.
     */
    public static String nullIfDivisors(String sql) {
        String masked = SqlText.maskQuotedAndComments(sql);
        StringBuilder out = new StringBuilder();
        Matcher m = DIVISOR.matcher(masked);
        int last = 0;
        while (m.find()) {
            if (m.start() > 0
                    && (masked.charAt(m.start() - 1) == '*' || masked.charAt(m.start() + 1) == '*'))
                continue;
            out.append(sql, last, m.start(1))
                    .append("NULLIF(")
                    .append(sql, m.start(1), m.end(1))
                    .append(", 0)");
            last = m.end(1);
        }
        return out.append(sql.substring(last)).toString();
    }
}
