package dev.sqlexam.predictions;

import java.io.Serializable;

/** One predicted query for one question, with what the predicting system reported about it. */
public record Prediction(String questionId, String sql, String system, Long latencyMs, Integer promptTokens, Integer completionTokens,
        Double cost, long line) implements Serializable {}
