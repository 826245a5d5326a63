package dev.sqlexam.embedding;

/**
 * An embedding provider could not answer (unreachable, bad reply); infrastructure, not a model
 * failure.
 */
public final class EmbeddingException extends RuntimeException {
    public EmbeddingException(String message) {
        super(message);
    }

    public EmbeddingException(String message, Throwable cause) {
        super(message, cause);
    }
}
