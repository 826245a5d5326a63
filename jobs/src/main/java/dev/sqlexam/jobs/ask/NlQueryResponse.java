package dev.sqlexam.jobs.ask;

import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.grading.QuestionGrading;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.pipeline.QuestionPipeline;
import dev.sqlexam.retrieval.BackwardRecall;
import dev.sqlexam.sql.QueryResult;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The seeds' {@code NLQueryResponse}: the SQL that ran and its rows (at most {@code maxRows}), the
 * confidence left after repairs, the tables the SQL reads, and the trace in brief; with the grade
 * when the question had gold. What {@code nl_query} answers and {@code ask --json} prints for a
 * question without gold (with gold: the exam record).
 *
 * @param status {@code ok} (ran), {@code explained} (explain-only: chosen, not run), {@code
 *     blocked} (the guard or validation stopped every candidate), {@code no_sql} (the generator
 *     wrote none), {@code error} (the SQL failed as it ran), {@code infra_failure} (a stage's
 *     infrastructure failed: never the model's fault)
 * @param confidence 1.0 less the seeds' 0.1 per repair attempt; 0 when nothing ran
 */
public record NlQueryResponse(
        String question,
        String database,
        String variant,
        String generator,
        String status,
        String sql,
        List<String> columns,
        List<List<Object>> rows,
        int rowCount,
        boolean truncated,
        double confidence,
        List<String> tablesUsed,
        String error,
        String sqlstate,
        Boolean correct,
        String reason,
        String goldSql,
        List<Step> trace) {

    /**
     * What to do about a permission the read-only role lacks (a free question's tables are not
     * known before it is asked).
     */
    private static String hint(String sqlstate, String sql) {
        if (!"42501".equals(sqlstate)) return "";
        return " (the read-only role may not read "
                + String.join(", ", new TreeSet<>(BackwardRecall.tablesOf(sql)))
                + ": GRANT SELECT on them to "
                + ReaderAccess.READER_ROLE
                + ", or ask with --reader connecting-user)";
    }

    /**
     * The row with its decimals as written plainly (the executor's normal form strips zeros: 6000
     * would read 6E+3).
     */
    private static List<Object> plain(List<Object> row) {
        List<Object> out = new ArrayList<>(row.size());
        for (Object v : row)
            out.add(v instanceof BigDecimal d ? new BigDecimal(d.toPlainString()) : v);
        return out;
    }

    /** One stage in brief. */
    public record Step(String stage, String status, long ms, String detail) {}

    public static NlQueryResponse of(QuestionPipeline.Answer a, int maxRows) {
        var task = a.evaluated().task();
        EvaluationTrace evaluation = a.evaluated().evaluation();
        QuestionGrading.Prediction p = a.prediction();
        String sql =
                p != null && p.chosen() != null
                        ? p.chosen().sql()
                        : evaluation != null && evaluation.chosenSql() != null
                                ? evaluation.chosenSql()
                                : a.evaluated().candidates().isEmpty()
                                        ? null
                                        : a.evaluated().candidates().get(0).sql();
        boolean blocked =
                evaluation != null
                        && evaluation.chosenIndex() == null
                        && !evaluation.candidates().isEmpty();
        StageTrace infra =
                a.trace().stream().filter(StageTrace::infraFailure).findFirst().orElse(null);
        QueryResult result =
                p != null && p.outcome() != null && p.outcome().ok() ? p.outcome().result() : null;
        String status =
                infra != null
                        ? "infra_failure"
                        : blocked
                                ? "blocked"
                                : sql == null
                                        ? "no_sql"
                                        : p == null ? "explained" : result != null ? "ok" : "error";
        String error =
                infra != null
                        ? infra.stage() + ": " + infra.detail()
                        : blocked
                                ? evaluation.candidates().get(0).blockReason()
                                : p != null && p.outcome() != null && !p.outcome().ok()
                                        ? p.outcome().error() + hint(p.outcome().sqlstate(), sql)
                                        : null;
        double confidence =
                !"ok".equals(status) && !"explained".equals(status)
                        ? 0
                        : evaluation != null && evaluation.repair() != null
                                ? evaluation.repair().confidence()
                                : 1.0;
        List<List<Object>> rows = new ArrayList<>();
        if (result != null) {
            for (List<Object> row :
                    result.rows().subList(0, Math.min(maxRows, result.rows().size())))
                rows.add(plain(row));
        }
        ExamRecord record = a.record();
        return new NlQueryResponse(
                task.question().question(),
                task.question().db(),
                task.variant(),
                a.evaluated().generator(),
                status,
                blocked ? null : sql,
                result == null ? List.of() : result.columnNames(),
                rows,
                result == null ? 0 : result.rowCount(),
                result != null && (result.truncated() || result.rowCount() > rows.size()),
                confidence,
                sql == null || blocked
                        ? List.of()
                        : List.copyOf(new TreeSet<>(BackwardRecall.tablesOf(sql))),
                error,
                p != null && p.outcome() != null ? p.outcome().sqlstate() : null,
                record == null ? null : record.correct(),
                record == null ? null : record.reason(),
                task.question().goldSql(),
                a.trace().stream()
                        .map(t -> new Step(t.stage(), t.status(), t.durationMs(), t.detail()))
                        .toList());
    }
}
