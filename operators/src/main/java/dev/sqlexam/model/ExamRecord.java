package dev.sqlexam.model;

import java.io.Serializable;
import java.util.List;

/**
 * One line of the exam log: the whole story of one question in one run. {@code goldExecuted}: the gold queries this
 * record ran itself (0: the gold cache had them from another variant or run of the question).
 */
public record ExamRecord(
        String runId,
        String variant,
        int repetition,
        String questionId,
        long lineNumber,
        String db,
        String question,
        String difficulty,
        String module,
        String category,
        String generator,
        String goldSql,
        String predSql,
        List<String> candidates,
        List<Boolean> candidateCorrect,
        boolean correct,
        String reason,
        boolean lenientCorrect,
        String lenientReason,
        Boolean birdCorrect,
        int matchedGold,
        boolean orderMatters,
        int goldRows,
        int predRows,
        long goldMs,
        long predMs,
        long totalMs,
        String errorClass,
        String sqlstate,
        String error,
        String gradeDetail,
        String failureType,
        String failureDetails,
        Boolean goldTablesRetrieved,
        List<StageTrace> trace,
        dev.sqlexam.model.RetrievalTrace retrieval,
        GenerationTrace generation,
        EvaluationTrace evaluation,
        int goldExecuted,
        @com.fasterxml.jackson.annotation.JsonRawValue @com.fasterxml.jackson.annotation.JsonProperty("extras")
        @com.fasterxml.jackson.databind.annotation.JsonDeserialize(using = RawJsonText.class) String extrasJson)
        implements Serializable {

    public ExamRecord {
        trace = trace == null ? new java.util.ArrayList<>() : new java.util.ArrayList<>(trace);
    }

    /** The upsert key of the exam.results table. */
    public String key() {
        return runId + "/" + variant + "/" + repetition + "/" + questionId;
    }
}
