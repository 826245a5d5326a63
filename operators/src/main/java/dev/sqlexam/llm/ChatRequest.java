package dev.sqlexam.llm;

import java.io.Serializable;

/**
 * One chat completion request: system and user messages, sampling, how many completions, and the
 * time budget (ms, 0 for none) after which the completions that arrived are used.
 */
public record ChatRequest(
        String system,
        String user,
        double temperature,
        Integer seed,
        int maxTokens,
        int n,
        long budgetMs)
        implements Serializable {

    public ChatRequest {
        if (n < 1) throw new IllegalArgumentException("n must be >= 1, was " + n);
        if (budgetMs < 0)
            throw new IllegalArgumentException("budgetMs must be >= 0, was " + budgetMs);
    }

    public ChatRequest(
            String system, String user, double temperature, Integer seed, int maxTokens, int n) {
        this(system, user, temperature, seed, maxTokens, n, 0);
    }

    public ChatRequest withN(int count) {
        return new ChatRequest(system, user, temperature, seed, maxTokens, count, budgetMs);
    }

    public ChatRequest withSeed(Integer s) {
        return new ChatRequest(system, user, temperature, s, maxTokens, n, budgetMs);
    }

    public ChatRequest withBudget(long ms) {
        return new ChatRequest(system, user, temperature, seed, maxTokens, n, Math.max(0, ms));
    }
}
