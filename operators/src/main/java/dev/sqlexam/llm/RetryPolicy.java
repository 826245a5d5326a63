package dev.sqlexam.llm;

import java.io.Serializable;

/**
 * Bounded retries with exponential backoff; a server's Retry-After (seconds) wins when it says
 * more.
 */
public record RetryPolicy(int maxRetries, long baseDelayMs, long maxDelayMs)
        implements Serializable {

    public static final RetryPolicy DEFAULT = new RetryPolicy(3, 500, 10_000);

    public long delayMs(int attempt, Long retryAfterSeconds) {
        long backoff = Math.min(maxDelayMs, baseDelayMs * (1L << Math.min(attempt, 20)));
        if (retryAfterSeconds != null && retryAfterSeconds >= 0)
            return Math.min(maxDelayMs * 3, Math.max(backoff, retryAfterSeconds * 1000));
        return backoff;
    }

    /** Status codes worth another try: rate limits and server-side failures. */
    public static boolean retryable(int status) {
        return status == 429 || status == 408 || status >= 500;
    }
}
