package dev.sqlexam.grading;

import dev.sqlexam.model.ErrorClass;
import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.GradeReason;
import dev.sqlexam.sql.SqlReferences;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Why a question was answered wrong, in seed 000/003's categories: infra_failure, query_timeout,
 * retrieval_miss (a gold table never reached the prompt), validation_exhausted (every candidate
 * failed its checks and repair ran out), execution_error, join_path_miss (the right tables joined
 * on other conditions than the gold's), llm_reasoning (everything else the model got wrong).
 */
public final class FailureClassifier {

    /** The category and a sentence on what decided it. */
    public record Failure(String type, String details) {}

    private FailureClassifier() {}

    public static Failure classify(
            boolean correct,
            String reason,
            String errorClass,
            List<String> packetTables,
            List<String> goldTables,
            EvaluationTrace evaluation,
            String predSql,
            String goldSql) {
        if (correct || "gold_error".equals(reason)) return null;
        String infra = ErrorClass.INFRA_FAILURE.code();
        if (infra.equals(reason) || infra.equals(errorClass)) {
            return new Failure(infra, "the harness or a model server failed, not the model's SQL");
        }
        if (GradeReason.MISSING.code().equals(reason))
            return new Failure(
                    GradeReason.MISSING.code(),
                    "the predictions file has no SQL for this question");
        if ("timeout".equals(reason) || "query_timeout".equals(errorClass)) {
            return new Failure("query_timeout", "the predicted query ran past its time limit");
        }
        if (goldTables != null && !goldTables.isEmpty() && packetTables != null) {
            Set<String> packet = lower(packetTables);
            List<String> missing =
                    goldTables.stream()
                            .filter(t -> !packet.contains(t.toLowerCase(Locale.ROOT)))
                            .toList();
            if (!missing.isEmpty())
                return new Failure("retrieval_miss", "gold tables not in the prompt: " + missing);
        }
        if ("pred_blocked".equals(reason))
            return new Failure("validation_exhausted", "the chosen candidate was blocked");
        if (evaluation != null && evaluation.repair() != null && !evaluation.repair().repaired()) {
            return new Failure(
                    "validation_exhausted",
                    "no candidate passed its checks and "
                            + evaluation.repair().attempts().size()
                            + " repair attempt(s) did not fix it");
        }
        if ("pred_error".equals(reason))
            return new Failure("execution_error", "the chosen query failed when it ran");
        if (predSql != null && goldSql != null) {
            SqlReferences pred = SqlReferences.of(predSql);
            SqlReferences gold = SqlReferences.of(goldSql);
            if (!gold.joins().isEmpty()
                    && pred.tables().containsAll(gold.tables())
                    && !pred.joins().containsAll(gold.joins())) {
                List<String> missed = new ArrayList<>();
                for (SqlReferences.JoinEquality j : gold.joins()) {
                    if (!pred.joins().contains(j))
                        missed.add(
                                j.leftTable()
                                        + "."
                                        + j.leftColumn()
                                        + " = "
                                        + j.rightTable()
                                        + "."
                                        + j.rightColumn());
                }
                return new Failure(
                        "join_path_miss", "the gold tables joined differently; missing " + missed);
            }
        }
        return new Failure(
                "llm_reasoning",
                "the schema was there and the SQL ran, but it answers something else ("
                        + reason
                        + ")");
    }

    /**
     * Whether every gold table reached the prompt; null without gold_tables or without a packet.
     */
    public static Boolean goldTablesRetrieved(List<String> packetTables, List<String> goldTables) {
        if (goldTables == null || goldTables.isEmpty() || packetTables == null) return null;
        Set<String> packet = lower(packetTables);
        return goldTables.stream().allMatch(t -> packet.contains(t.toLowerCase(Locale.ROOT)));
    }

    private static Set<String> lower(List<String> names) {
        Set<String> out = new TreeSet<>();
        names.forEach(n -> out.add(n.toLowerCase(Locale.ROOT)));
        return out;
    }
}
