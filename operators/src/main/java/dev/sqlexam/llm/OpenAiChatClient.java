package dev.sqlexam.llm;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * OpenAI-compatible {@code POST /v1/chat/completions} (vLLM, llama.cpp server, LM Studio, OpenAI).
 * Asks for n completions in one call; a server that returns fewer (no support for n) gets the rest
 * as single calls, and is remembered as such. What arrives within the request's time budget is
 * used.
 */
public final class OpenAiChatClient extends HttpChatClient {

    private volatile Boolean supportsN;

    /** {@code baseUrl} ends at the API root, e.g. {@code http://127.0.0.1:8000/v1}. */
    public OpenAiChatClient(
            String baseUrl, String model, String apiKey, long timeoutMs, RetryPolicy retry) {
        super(
                baseUrl,
                model,
                timeoutMs,
                retry,
                apiKey == null || apiKey.isBlank()
                        ? Map.of()
                        : Map.of("Authorization", "Bearer " + apiKey));
    }

    @Override
    public String provider() {
        return "openai";
    }

    @Override
    public CompletableFuture<ChatReply> chat(ChatRequest request) {
        if (request.n() == 1 || Boolean.FALSE.equals(supportsN))
            return singles(request, request.n(), request.budgetMs());
        long start = System.nanoTime();
        return ChatReply.gather(List.of(call(request)), request.budgetMs())
                .thenCompose(
                        reply -> {
                            int missing = request.n() - reply.contents().size();
                            if (missing <= 0) {
                                supportsN = true;
                                return CompletableFuture.completedFuture(reply);
                            }
                            supportsN = false;
                            long left =
                                    request.budgetMs() == 0
                                            ? 0
                                            : request.budgetMs()
                                                    - (System.nanoTime() - start) / 1_000_000;
                            if (request.budgetMs() > 0 && left <= 0)
                                return CompletableFuture.completedFuture(reply);
                            return singles(request, missing, left)
                                    .handle(
                                            (rest, error) ->
                                                    rest == null
                                                            ? reply
                                                            : ChatReply.merge(
                                                                    List.of(reply, rest)));
                        });
    }

    private CompletableFuture<ChatReply> singles(ChatRequest request, int count, long budgetMs) {
        List<CompletableFuture<ChatReply>> calls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            calls.add(
                    call(
                            request.withN(1)
                                    .withSeed(request.seed() == null ? null : request.seed() + i)));
        }
        return ChatReply.gather(calls, budgetMs);
    }

    private CompletableFuture<ChatReply> call(ChatRequest request) {
        ObjectNode body =
                Json.MAPPER
                        .createObjectNode()
                        .put("model", model)
                        .put("temperature", request.temperature())
                        .put("max_tokens", request.maxTokens());
        if (request.n() > 1) body.put("n", request.n());
        if (request.seed() != null) body.put("seed", request.seed());
        ArrayNode messages = body.putArray("messages");
        if (request.system() != null)
            messages.addObject().put("role", "system").put("content", request.system());
        messages.addObject().put("role", "user").put("content", request.user());
        return post("/chat/completions", body.toString(), OpenAiChatClient::parse);
    }

    /**
     * A chat.completion object: a non-empty {@code choices} array whose messages carry string
     * content.
     */
    static ChatReply parse(HttpResult http) throws ProtocolViolation {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(http.body());
        } catch (java.io.IOException e) {
            throw new ProtocolViolation("the reply is not JSON: " + snippet(http.body()), e);
        }
        if (root == null || !root.isObject())
            throw new ProtocolViolation(
                    "the reply is not a JSON object: " + snippet(http.body()), null);
        if (root.hasNonNull("error"))
            throw new ProtocolViolation(
                    "the reply is an error: " + snippet(root.get("error").toString()), null);
        JsonNode choices = root.path("choices");
        if (!choices.isArray() || choices.isEmpty())
            throw new ProtocolViolation("the reply has no choices: " + snippet(http.body()), null);
        List<String> contents = new ArrayList<>();
        for (JsonNode c : choices) {
            JsonNode content = c.path("message").path("content");
            if (content.isTextual()) contents.add(content.asText());
        }
        if (contents.isEmpty())
            throw new ProtocolViolation(
                    "no choice has message content: " + snippet(http.body()), null);
        JsonNode usage = root.path("usage");
        return new ChatReply(
                contents,
                usage.path("prompt_tokens").asInt(0),
                usage.path("completion_tokens").asInt(0),
                http.latencyMs(),
                http.retries(),
                1);
    }

    static String snippet(String s) {
        return s == null ? "" : s.length() > 200 ? s.substring(0, 200) + "…" : s;
    }
}
