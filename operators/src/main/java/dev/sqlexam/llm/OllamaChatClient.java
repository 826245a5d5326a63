package dev.sqlexam.llm;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Ollama's {@code POST /api/chat} (or {@code /api/generate}) without streaming; K completions are K
 * parallel calls (Ollama has no n), each with its own seed when a seed is set; those that arrive
 * within the request's time budget are used.
 */
public final class OllamaChatClient extends HttpChatClient {

    private final boolean generateEndpoint;

    public OllamaChatClient(
            String baseUrl,
            String model,
            boolean generateEndpoint,
            long timeoutMs,
            RetryPolicy retry) {
        super(baseUrl, model, timeoutMs, retry, Map.of());
        this.generateEndpoint = generateEndpoint;
    }

    @Override
    public String provider() {
        return "ollama";
    }

    @Override
    public CompletableFuture<ChatReply> chat(ChatRequest request) {
        List<CompletableFuture<ChatReply>> calls = new ArrayList<>();
        for (int i = 0; i < request.n(); i++)
            calls.add(call(request, request.seed() == null ? null : request.seed() + i));
        return ChatReply.gather(calls, request.budgetMs());
    }

    private CompletableFuture<ChatReply> call(ChatRequest request, Integer seed) {
        ObjectNode body = Json.MAPPER.createObjectNode().put("model", model).put("stream", false);
        ObjectNode options =
                body.putObject("options")
                        .put("temperature", request.temperature())
                        .put("num_predict", request.maxTokens());
        if (seed != null) options.put("seed", seed);
        if (generateEndpoint) {
            body.put("prompt", request.user());
            if (request.system() != null) body.put("system", request.system());
        } else {
            var messages = body.putArray("messages");
            if (request.system() != null)
                messages.addObject().put("role", "system").put("content", request.system());
            messages.addObject().put("role", "user").put("content", request.user());
        }
        return post(generateEndpoint ? "/api/generate" : "/api/chat", body.toString(), this::parse);
    }

    private ChatReply parse(HttpResult http) throws ProtocolViolation {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(http.body());
        } catch (java.io.IOException e) {
            throw new ProtocolViolation(
                    "the reply is not JSON: " + OpenAiChatClient.snippet(http.body()), e);
        }
        if (root == null || !root.isObject())
            throw new ProtocolViolation(
                    "the reply is not a JSON object: " + OpenAiChatClient.snippet(http.body()),
                    null);
        if (root.hasNonNull("error"))
            throw new ProtocolViolation(
                    "the reply is an error: " + root.get("error").asText(), null);
        JsonNode content =
                generateEndpoint ? root.path("response") : root.path("message").path("content");
        if (!content.isTextual())
            throw new ProtocolViolation(
                    "the reply has no content: " + OpenAiChatClient.snippet(http.body()), null);
        return new ChatReply(
                List.of(content.asText()),
                root.path("prompt_eval_count").asInt(0),
                root.path("eval_count").asInt(0),
                http.latencyMs(),
                http.retries(),
                1);
    }
}
