package dev.sqlexam.llm;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Both providers against loopback servers that answer as vLLM/OpenAI and Ollama do. */
class ChatClientsTest {

    private static final RetryPolicy FAST = new RetryPolicy(2, 10, 2_000);
    private static final ChatRequest ASK =
            new ChatRequest("You write SQL.", "How many employees?", 0.3, 7, 256, 1);

    private HttpServer server;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final AtomicInteger calls = new AtomicInteger();

    /** A reply: status, body, and an optional Retry-After. */
    record Reply(int status, String body, String retryAfter, long delayMs) {
        static Reply ok(String body) {
            return new Reply(200, body, null, 0);
        }
    }

    private String serve(String path, Function<Integer, Reply> replies) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
        server.createContext(
                path, exchange -> answer(exchange, replies.apply(calls.incrementAndGet())));
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void answer(HttpExchange exchange, Reply reply) throws IOException {
        bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        if (auth != null) authorizations.add(auth);
        try {
            Thread.sleep(reply.delayMs());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        if (reply.retryAfter() != null)
            exchange.getResponseHeaders().add("Retry-After", reply.retryAfter());
        exchange.sendResponseHeaders(reply.status(), bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @AfterEach
    void stop() {
        if (server != null) server.stop(0);
    }

    static String completion(String... contents) {
        StringBuilder choices = new StringBuilder();
        for (int i = 0; i < contents.length; i++) {
            if (i > 0) choices.append(',');
            choices.append("{\"index\":")
                    .append(i)
                    .append(",\"message\":{\"role\":\"assistant\",\"content\":\"")
                    .append(contents[i])
                    .append("\"},\"logprobs\":null,\"finish_reason\":\"stop\"}");
        }
        return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1732240000,\"model\":\"qwen2.5-coder\",\"choices\":["
                + choices
                + "],\"usage\":{\"prompt_tokens\":120,\"completion_tokens\":18,\"total_tokens\":138}}";
    }

    private static Throwable cause(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    @Test
    void openAiAsksForNCompletionsInOneCallAndSendsTheKey() throws Exception {
        String url =
                serve(
                        "/v1/chat/completions",
                        n -> Reply.ok(completion("SELECT 1", "SELECT 2", "SELECT 3")));
        try (OpenAiChatClient client =
                new OpenAiChatClient(url + "/v1", "qwen2.5-coder", "sk-secret", 5_000, FAST)) {
            ChatReply reply = client.chat(ASK.withN(3)).join();
            assertThat(reply.contents()).containsExactly("SELECT 1", "SELECT 2", "SELECT 3");
            assertThat(reply.promptTokens()).isEqualTo(120);
            assertThat(reply.completionTokens()).isEqualTo(18);
            assertThat(reply.httpCalls()).isEqualTo(1);
            assertThat(bodies.get(0))
                    .contains("\"n\":3")
                    .contains("\"temperature\":0.3")
                    .contains("\"role\":\"system\"");
            assertThat(authorizations).containsExactly("Bearer sk-secret");
        }
    }

    @Test
    void aServerThatIgnoresNGetsSingleCallsForTheRest() throws Exception {
        String url = serve("/v1/chat/completions", n -> Reply.ok(completion("SELECT " + n)));
        try (OpenAiChatClient client = new OpenAiChatClient(url + "/v1", "m", null, 5_000, FAST)) {
            ChatReply reply = client.chat(ASK.withN(3)).join();
            assertThat(reply.contents()).hasSize(3);
            assertThat(reply.httpCalls()).isEqualTo(3);
            assertThat(authorizations).isEmpty();
            client.chat(ASK.withN(2)).join();
            assertThat(calls.get()).as("remembered: no n any more").isEqualTo(5);
        }
    }

    @Test
    void rateLimitsAreRetriedAfterRetryAfter() throws Exception {
        String url =
                serve(
                        "/v1/chat/completions",
                        n ->
                                n == 1
                                        ? new Reply(
                                                429,
                                                "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}",
                                                "1",
                                                0)
                                        : Reply.ok(completion("SELECT 1")));
        try (OpenAiChatClient client = new OpenAiChatClient(url + "/v1", "m", null, 5_000, FAST)) {
            long start = System.nanoTime();
            ChatReply reply = client.chat(ASK).join();
            assertThat(reply.retries()).isEqualTo(1);
            assertThat((System.nanoTime() - start) / 1_000_000)
                    .as("waited for Retry-After: 1")
                    .isGreaterThanOrEqualTo(900);
        }
    }

    @Test
    void serverErrorsAreRetriedThenReportedAsInfrastructure() throws Exception {
        String url =
                serve(
                        "/v1/chat/completions",
                        n -> new Reply(503, "{\"error\":{\"message\":\"overloaded\"}}", null, 0));
        try (OpenAiChatClient client = new OpenAiChatClient(url + "/v1", "m", null, 5_000, FAST)) {
            assertThatThrownBy(() -> client.chat(ASK).join())
                    .satisfies(
                            t -> {
                                LlmException e = (LlmException) cause(t);
                                assertThat(e.status()).isEqualTo(503);
                                assertThat(e.retries()).isEqualTo(2);
                                assertThat(e.errorClass()).isEqualTo("infra_failure");
                                assertThat(e.getMessage())
                                        .contains("overloaded")
                                        .doesNotContain("sk-");
                            });
            assertThat(calls.get()).isEqualTo(3);
        }
    }

    @Test
    void clientErrorsAreNotRetried() throws Exception {
        String url =
                serve(
                        "/v1/chat/completions",
                        n ->
                                new Reply(
                                        400,
                                        "{\"error\":{\"message\":\"model 'x' does not exist\"}}",
                                        null,
                                        0));
        try (OpenAiChatClient client = new OpenAiChatClient(url + "/v1", "x", null, 5_000, FAST)) {
            assertThatThrownBy(() -> client.chat(ASK).join())
                    .satisfies(t -> assertThat(cause(t)).hasMessageContaining("does not exist"));
            assertThat(calls.get()).isEqualTo(1);
        }
    }

    @Test
    void slowRepliesMalformedJsonAndClosedPortsFailClearly() throws Exception {
        String url =
                serve(
                        "/v1/chat/completions",
                        n ->
                                n <= 3
                                        ? new Reply(200, completion("SELECT 1"), null, 1_500)
                                        : Reply.ok("{not json"));
        try (OpenAiChatClient slow = new OpenAiChatClient(url + "/v1", "m", null, 300, FAST)) {
            assertThatThrownBy(() -> slow.chat(ASK).join())
                    .satisfies(
                            t ->
                                    assertThat(cause(t))
                                            .isInstanceOf(LlmException.class)
                                            .hasMessageContaining("did not answer"));
        }
        try (OpenAiChatClient client = new OpenAiChatClient(url + "/v1", "m", null, 5_000, FAST)) {
            assertThatThrownBy(() -> client.chat(ASK).join())
                    .satisfies(t -> assertThat(cause(t)).hasMessageContaining("not JSON"));
        }
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        try (OpenAiChatClient gone =
                new OpenAiChatClient(
                        "http://127.0.0.1:" + closed + "/v1", "m", null, 2_000, FAST)) {
            assertThatThrownBy(() -> gone.chat(ASK).join())
                    .satisfies(
                            t ->
                                    assertThat(cause(t))
                                            .isInstanceOf(LlmException.class)
                                            .hasMessageContaining("after 2 retries"));
        }
    }

    @Test
    void ollamaChatMakesKCallsWithTheirOwnSeeds() throws Exception {
        String url =
                serve(
                        "/api/chat",
                        n ->
                                Reply.ok(
                                        "{\"model\":\"qwen2.5-coder:7b\",\"created_at\":\"2026-11-22T02:00:00Z\",\"message\":"
                                                + "{\"role\":\"assistant\",\"content\":\"```sql\\nSELECT "
                                                + n
                                                + "\\n```\"},\"done_reason\":\"stop\",\"done\":true,"
                                                + "\"total_duration\":512345678,\"prompt_eval_count\":90,\"eval_count\":12}"));
        try (OllamaChatClient client =
                new OllamaChatClient(url, "qwen2.5-coder:7b", false, 5_000, FAST)) {
            ChatReply reply = client.chat(ASK.withN(2)).join();
            assertThat(reply.contents())
                    .hasSize(2)
                    .allSatisfy(c -> assertThat(c).startsWith("```sql"));
            assertThat(reply.promptTokens()).isEqualTo(180);
            assertThat(reply.completionTokens()).isEqualTo(24);
            assertThat(bodies)
                    .anySatisfy(b -> assertThat(b).contains("\"seed\":7"))
                    .anySatisfy(b -> assertThat(b).contains("\"seed\":8"));
            assertThat(bodies.get(0)).contains("\"stream\":false").contains("\"num_predict\":256");
        }
    }

    @Test
    void ollamaGenerateAndErrorBodies() throws Exception {
        String url =
                serve(
                        "/api/generate",
                        n ->
                                n == 1
                                        ? Reply.ok(
                                                "{\"model\":\"m\",\"response\":\"SELECT 42\",\"done\":true,\"prompt_eval_count\":5,\"eval_count\":3}")
                                        : new Reply(
                                                404,
                                                "{\"error\":\"model \\\"m\\\" not found, try pulling it first\"}",
                                                null,
                                                0));
        try (OllamaChatClient client = new OllamaChatClient(url, "m", true, 5_000, FAST)) {
            assertThat(client.chat(ASK).join().contents()).containsExactly("SELECT 42");
            assertThat(bodies.get(0))
                    .contains("\"prompt\":\"How many employees?\"")
                    .contains("\"system\":\"You write SQL.\"");
            assertThatThrownBy(() -> client.chat(ASK).join())
                    .satisfies(t -> assertThat(cause(t)).hasMessageContaining("not found"));
        }
    }

    private static String ollamaReply(String sql) {
        return "{\"model\":\"m\",\"message\":{\"role\":\"assistant\",\"content\":\""
                + sql
                + "\"},\"done\":true,"
                + "\"prompt_eval_count\":10,\"eval_count\":4}";
    }

    @Test
    void theCompletionsThatArriveWithinTheBudgetAreUsedAndTheRestListedAsLost() throws Exception {
        String url =
                serve(
                        "/api/chat",
                        n ->
                                switch (n) {
                                    case 1 -> new Reply(200, ollamaReply("SELECT 3"), null, 3_000);
                                    case 2 ->
                                            new Reply(
                                                    400,
                                                    "{\"error\":\"invalid options\"}",
                                                    null,
                                                    0);
                                    default -> Reply.ok(ollamaReply("SELECT " + n));
                                });
        try (OllamaChatClient client = new OllamaChatClient(url, "m", false, 5_000, FAST)) {
            long start = System.nanoTime();
            ChatReply reply = client.chat(ASK.withN(4).withBudget(800)).join();
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertThat(reply.contents()).hasSize(2);
            assertThat(reply.lost())
                    .hasSize(2)
                    .anySatisfy(l -> assertThat(l).contains("time budget of 800 ms"))
                    .anySatisfy(l -> assertThat(l).contains("invalid options"));
            assertThat(ms).as("did not wait for the slow completion").isLessThan(2_900);
        }
    }

    @Test
    void whenNothingArrivesWithinTheBudgetTheRequestTimesOut() throws Exception {
        String url =
                serve(
                        "/v1/chat/completions",
                        n -> new Reply(200, completion("SELECT 1"), null, 2_000));
        try (OpenAiChatClient client = new OpenAiChatClient(url + "/v1", "m", null, 5_000, FAST)) {
            assertThatThrownBy(() -> client.chat(ASK.withN(2).withBudget(300)).join())
                    .satisfies(
                            t ->
                                    assertThat(cause(t))
                                            .isInstanceOf(
                                                    java.util.concurrent.TimeoutException.class)
                                            .hasMessageContaining("300 ms"));
        }
    }
}
