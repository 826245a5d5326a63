package dev.sqlexam.llm;

import java.io.Serializable;

/** One chat completion request: system and user messages, sampling, and how many completions. */
public record ChatRequest(String system, String user, double temperature, Integer seed, int maxTokens, int n) implements Serializable {

    public ChatRequest {
        if (n < 1) throw new IllegalArgumentException("n must be >= 1, was " + n);
    }

    public ChatRequest withN(int count) {
        return new ChatRequest(system, user, temperature, seed, maxTokens, count);
    }

    public ChatRequest withSeed(Integer s) {
        return new ChatRequest(system, user, temperature, s, maxTokens, n);
    }
}
