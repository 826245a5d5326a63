package dev.sqlexam.predictions;

import java.io.Serializable;

/** One predicted query for one question, with what the predicting system reported about it. */
public record Prediction(
        String questionId,
        String sql,
        String system,
        Long latencyMs,
        Integer promptTokens,
        Integer completionTokens,
        Double cost,
        long line)
        implements Serializable {

    /**
     * Only the SQL, from {@code system} (null: the file's name), at {@code line} of its file:
     * nothing reported about its cost.
     */
    public static Prediction sqlOnly(String questionId, String sql, String system, long line) {
        return new Prediction(questionId, sql, system, null, null, null, null, line);
    }
}
