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

    /** A trace of {@code provider}'s {@code model}: zero, null or empty where not set. */
    public static Builder of(String provider, String model) {
        return new Builder(provider, model);
    }

    /** Builds a {@link GenerationTrace} by its fields' names. */
    public static final class Builder {
        private final String provider;
        private final String model;
        private String difficulty;
        private int k;
        private String promptHash;
        private int promptTokens;
        private int completionTokens;
        private long latencyMs;
        private int retries;
        private int httpCalls;
        private int replies;
        private int duplicates;
        private List<String> extractionProblems = List.of();
        private String error;
        private Double cost;

        private Builder(String provider, String model) {
            this.provider = provider;
            this.model = model;
        }

        public Builder difficulty(String value) {
            difficulty = value;
            return this;
        }

        public Builder k(int value) {
            k = value;
            return this;
        }

        public Builder promptHash(String value) {
            promptHash = value;
            return this;
        }

        public Builder tokens(int prompt, int completion) {
            promptTokens = prompt;
            completionTokens = completion;
            return this;
        }

        public Builder latencyMs(long value) {
            latencyMs = value;
            return this;
        }

        public Builder retries(int value) {
            retries = value;
            return this;
        }

        public Builder httpCalls(int value) {
            httpCalls = value;
            return this;
        }

        public Builder replies(int value) {
            replies = value;
            return this;
        }

        public Builder duplicates(int value) {
            duplicates = value;
            return this;
        }

        public Builder extractionProblems(List<String> value) {
            extractionProblems = value;
            return this;
        }

        public Builder error(String value) {
            error = value;
            return this;
        }

        public Builder cost(Double value) {
            cost = value;
            return this;
        }

        public GenerationTrace build() {
            return new GenerationTrace(
                    provider,
                    model,
                    difficulty,
                    k,
                    promptHash,
                    promptTokens,
                    completionTokens,
                    latencyMs,
                    retries,
                    httpCalls,
                    replies,
                    duplicates,
                    extractionProblems,
                    error,
                    cost);
        }
    }
}
