package dev.sqlexam.llm;

/**
 * A model endpoint failed after its retries (unreachable, timed out, 5xx, rate-limited, unreadable
 * reply). Always infrastructure: never counted as a model's wrong answer.
 */
public final class LlmException extends RuntimeException {

    private final int status;
    private final int retries;

    public LlmException(String message, int status, int retries, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.retries = retries;
    }

    public int status() {
        return status;
    }

    public int retries() {
        return retries;
    }

    public String errorClass() {
        return dev.sqlexam.model.ErrorClass.INFRA_FAILURE.code();
    }
}
