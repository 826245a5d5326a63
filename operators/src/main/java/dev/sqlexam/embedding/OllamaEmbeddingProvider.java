package dev.sqlexam.embedding;

import dev.sqlexam.io.Closing;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.asynchttpclient.AsyncHttpClient;
import org.asynchttpclient.Dsl;
import org.asynchttpclient.Response;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Embeddings from an Ollama server's {@code POST /api/embed} (e.g. nomic-embed-text, 768
 * dimensions).
 */
public final class OllamaEmbeddingProvider implements EmbeddingProvider {

    private final String baseUrl;
    private final String model;
    private final long timeoutMs;
    private final AsyncHttpClient http;
    private volatile int dimensions = -1;

    public OllamaEmbeddingProvider(String baseUrl, String model, long timeoutMs) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.model = model;
        this.timeoutMs = timeoutMs;
        this.http =
                Dsl.asyncHttpClient(Dsl.config().setRequestTimeout(Duration.ofMillis(timeoutMs)));
    }

    @Override
    public String model() {
        return "ollama:" + model;
    }

    @Override
    public int dimensions() {
        if (dimensions < 0) dimensions = embed("dimension probe").length;
        return dimensions;
    }

    @Override
    public float[] embed(String text) {
        return embedAll(List.of(text)).get(0);
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        ObjectNode body = Json.MAPPER.createObjectNode().put("model", model);
        texts.forEach(body.putArray("input")::add);
        try {
            Response response =
                    http.preparePost(baseUrl + "/api/embed")
                            .setHeader("Content-Type", "application/json")
                            .setBody(body.toString())
                            .execute()
                            .get(timeoutMs + 1_000, TimeUnit.MILLISECONDS);
            if (response.getStatusCode() != 200) {
                throw new EmbeddingException(
                        "Ollama /api/embed answered "
                                + response.getStatusCode()
                                + ": "
                                + truncate(response.getResponseBody()));
            }
            JsonNode vectors = Json.MAPPER.readTree(response.getResponseBody()).path("embeddings");
            if (!vectors.isArray() || vectors.size() != texts.size()) {
                throw new EmbeddingException(
                        "Ollama /api/embed returned "
                                + vectors.size()
                                + " embeddings for "
                                + texts.size()
                                + " texts");
            }
            List<float[]> out = new ArrayList<>();
            for (JsonNode v : vectors) {
                float[] f = new float[v.size()];
                for (int i = 0; i < f.length; i++) f[i] = (float) v.get(i).asDouble();
                out.add(f);
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddingException("interrupted while embedding", e);
        } catch (ExecutionException | TimeoutException | IOException e) {
            throw new EmbeddingException(
                    "Ollama at " + baseUrl + " did not embed: " + e.getMessage(), e);
        }
    }

    private static String truncate(String s) {
        return s == null ? "" : s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }

    @Override
    public void close() {
        Closing.quietly(http);
    }
}
