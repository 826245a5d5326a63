package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * How a question's candidates were made: provider, model, K, prompt hash, tokens, latency, retries,
 * losses, and the cost a predictions file reported (null: none given).
 */
public record GenerationTrace(
        String provider,
        String model,
        String difficulty,
        int k,
        String promptHash,
        int promptTokens,
        int completionTokens,
        long latencyMs,
        int retries,
        int httpCalls,
        int replies,
        int duplicates,
        List<String> extractionProblems,
        String error,
        Double cost)
        implements Serializable {

    public GenerationTrace {
        extractionProblems = new ArrayList<>(extractionProblems);
    }
}
