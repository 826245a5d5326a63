package dev.sqlexam.llm;

import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.BoundRequestBuilder;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The HTTP side every chat client shares: one process-wide async-http-client, JSON POSTs with a
 * per-call timeout, and bounded retries (timeouts, refused connections, 429 with Retry-After, 5xx).
 * Headers that carry secrets are set on requests and never appear in messages.
 */
abstract class HttpChatClient implements ChatClient {

    private static volatile AsyncHttpClient shared;

    protected final String baseUrl;
    protected final String model;
    protected final long timeoutMs;
    protected final RetryPolicy retry;
    private final Map<String, String> headers;

    HttpChatClient(
            String baseUrl,
            String model,
            long timeoutMs,
            RetryPolicy retry,
            Map<String, String> headers) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.model = model;
        this.timeoutMs = timeoutMs;
        this.retry = retry;
        this.headers = headers;
    }

    static AsyncHttpClient http() {
        if (shared == null) {
            synchronized (HttpChatClient.class) {
                if (shared == null) {
                    shared =
                            Dsl.asyncHttpClient(
                                    Dsl.config()
                                            .setConnectTimeout(Duration.ofSeconds(5))
                                            .setMaxConnectionsPerHost(64)
                                            .setThreadPoolName("sqlexam-llm"));
                }
            }
        }
        return shared;
    }

    @Override
    public String model() {
        return model;
    }

    /** The reply body of a successful POST and the retries it took. */
    record HttpResult(String body, int retries, long latencyMs) {}

    /**
     * A reply body that is not the protocol's shape (HTML, not JSON, no choices, no content): the
     * endpoint's fault, retried.
     */
    @FunctionalInterface
    interface Reader<T> {
        T read(HttpResult http) throws ProtocolViolation;
    }

    /** Thrown by a {@link Reader}: the reply is not what the protocol promises. */
    static final class ProtocolViolation extends Exception {
        ProtocolViolation(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * POSTs and reads the reply; a reply the reader rejects is retried as a server failure would
     * be.
     */
    <T> CompletableFuture<T> post(String path, String json, Reader<T> reader) {
        CompletableFuture<T> result = new CompletableFuture<>();
        new Call<>(path, json, System.nanoTime(), result, reader).attempt(0);
        return result;
    }

    /** One POST and its retries; completes {@code result} once. */
    private final class Call<T> {
        private final String path;
        private final String json;
        private final long start;
        private final CompletableFuture<T> result;
        private final Reader<T> reader;

        Call(String path, String json, long start, CompletableFuture<T> result, Reader<T> reader) {
            this.path = path;
            this.json = json;
            this.start = start;
            this.result = result;
            this.reader = reader;
        }

        void attempt(int attempt) {
            BoundRequestBuilder request =
                    http().preparePost(baseUrl + path)
                            .setHeader("Content-Type", "application/json")
                            .setRequestTimeout(Duration.ofMillis(timeoutMs))
                            .setBody(json);
            headers.forEach(request::setHeader);
            request.execute()
                    .toCompletableFuture()
                    .whenComplete((response, error) -> answered(attempt, response, error));
        }

        private void answered(int attempt, Response response, Throwable error) {
            if (error != null) {
                retryOrFail(
                        attempt,
                        0,
                        null,
                        provider()
                                + " at "
                                + baseUrl
                                + path
                                + " did not answer: "
                                + rootMessage(error),
                        error);
            } else if (response.getStatusCode() / 100 == 2) {
                read(attempt, response);
            } else if (RetryPolicy.retryable(response.getStatusCode())) {
                retryOrFail(
                        attempt,
                        response.getStatusCode(),
                        retryAfter(response),
                        describe(response),
                        null);
            } else {
                result.completeExceptionally(
                        new LlmException(
                                describe(response), response.getStatusCode(), attempt, null));
            }
        }

        /** A successful reply through the reader; one it rejects is retried. */
        private void read(int attempt, Response response) {
            try {
                result.complete(
                        reader.read(
                                new HttpResult(
                                        response.getResponseBody(),
                                        attempt,
                                        (System.nanoTime() - start) / 1_000_000)));
            } catch (ProtocolViolation e) {
                retryOrFail(
                        attempt,
                        response.getStatusCode(),
                        null,
                        provider()
                                + " at "
                                + baseUrl
                                + path
                                + " answered outside its protocol: "
                                + e.getMessage(),
                        e);
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        }

        private void retryOrFail(
                int attempt, int status, Long retryAfter, String message, Throwable cause) {
            if (attempt >= retry.maxRetries()) {
                result.completeExceptionally(
                        new LlmException(
                                message + " (after " + attempt + " retries)",
                                status,
                                attempt,
                                cause));
                return;
            }
            long delay = retry.delayMs(attempt, retryAfter);
            CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS)
                    .execute(() -> attempt(attempt + 1));
        }
    }

    private String describe(Response response) {
        String body = response.getResponseBody();
        if (body != null && body.length() > 300) body = body.substring(0, 300) + "…";
        return provider() + " " + baseUrl + " answered " + response.getStatusCode() + ": " + body;
    }

    /** A Retry-After in seconds, as {@link Long#parseLong} reads it. */
    private static final Pattern SECONDS = Pattern.compile("[+-]?\\d{1,18}");

    static Long retryAfter(Response response) {
        String value = response.getHeader("Retry-After");
        // an HTTP-date Retry-After: the client's own backoff applies
        if (value == null || !SECONDS.matcher(value.trim()).matches()) return null;
        return Long.parseLong(value.trim());
    }

    static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        return root.getClass().getSimpleName()
                + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }
}
