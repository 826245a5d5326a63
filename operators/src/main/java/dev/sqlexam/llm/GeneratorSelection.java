package dev.sqlexam.llm;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Resolves {@code auto}: a configured model server (OpenAI-compatible if it answers /models, Ollama
 * if it answers /api/tags), else an Ollama at localhost:11434 that has the configured model, else
 * the offline baseline. Always says why.
 */
public final class GeneratorSelection {

    static final String LOCAL_OLLAMA = "http://127.0.0.1:11434";
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private GeneratorSelection() {}

    public static Generators resolve(Generators requested) {
        return resolve(requested, LOCAL_OLLAMA);
    }

    static Generators resolve(Generators requested, String localOllama) {
        if (!"auto".equals(requested.name())) return requested;
        String url = requested.server().url();
        String configuredProblem = null;
        if (url != null && !url.isBlank()) {
            String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
            if (answers(base + "/models") != null)
                return requested.as(
                        "openai", "auto: " + base + " answers as an OpenAI-compatible server");
            if (answers(base + "/api/tags") != null)
                return requested.as("ollama", "auto: " + base + " answers as an Ollama server");
            configuredProblem = "the configured server " + base + " did not answer";
        }
        String tags = answers(localOllama + "/api/tags");
        if (tags != null && hasModel(tags, requested.server().model())) {
            return new Generators(
                    "ollama",
                    requested.server().at(localOllama),
                    requested.settings(),
                    requested.replayLog(),
                    "auto: an Ollama at " + localOllama + " has " + requested.server().model());
        }
        String why =
                (configuredProblem != null
                                ? configuredProblem + "; "
                                : "no model server configured; ")
                        + (tags == null
                                ? "no Ollama at " + localOllama
                                : "the Ollama at "
                                        + localOllama
                                        + " lacks "
                                        + requested.server().model());
        return requested.as(BaselineGenerator.NAME, "auto: " + why + " → the offline baseline");
    }

    /**
     * An endpoint the user named (openai, ollama) must answer before a job starts: an exam against
     * a server that is not there would only count infra failures. Any HTTP answer of the model
     * listing counts as there, except a refused key.
     */
    public static void requireReachable(Generators g) {
        boolean openai = "openai".equals(g.name());
        if (!openai && !"ollama".equals(g.name())) return;
        if (g.server().url() == null || g.server().url().isBlank()) {
            throw new IllegalArgumentException(
                    "--generator "
                            + g.name()
                            + " needs the model server's address: --llm-url (llm_url)");
        }
        String base =
                g.server().url().endsWith("/")
                        ? g.server().url().substring(0, g.server().url().length() - 1)
                        : g.server().url();
        String probe = base + (openai ? "/models" : "/api/tags");
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(probe)).timeout(Duration.ofSeconds(5)).GET();
        String key = g.server().apiKey() == null ? null : g.server().apiKey().value();
        if (openai && key != null && !key.isBlank())
            request.header("Authorization", "Bearer " + key);
        int status;
        try {
            status =
                    HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            throw new IllegalArgumentException(
                    "the "
                            + g.name()
                            + " endpoint "
                            + base
                            + " is not reachable ("
                            + probe
                            + ": "
                            + (e.getMessage() == null
                                    ? e.getClass().getSimpleName()
                                    : e.getMessage())
                            + "); start it, correct --llm-url, or use --generator auto (falls back to the offline baseline)",
                    e);
        }
        if (status == 401 || status == 403) {
            throw new IllegalArgumentException(
                    "the "
                            + g.name()
                            + " endpoint "
                            + base
                            + " refused the credentials (HTTP "
                            + status
                            + " on "
                            + probe
                            + ")"
                            + (openai
                                    ? "; set the key in the variable named by llm_api_key_env"
                                    : ""));
        }
    }

    static boolean hasModel(String tagsJson, String model) {
        JsonNode tags = Json.treeOrNull(tagsJson);
        // an answer that is not Ollama's tag list does not list the model
        if (tags == null) return false;
        for (JsonNode m : tags.path("models")) {
            String name = m.path("name").asText();
            if (name.equals(model) || name.equals(model + ":latest")) return true;
        }
        return false;
    }

    private static String answers(String url) {
        try {
            HttpResponse<String> r =
                    HTTP.send(
                            HttpRequest.newBuilder(URI.create(url))
                                    .timeout(Duration.ofSeconds(3))
                                    .GET()
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            return r.statusCode() / 100 == 2 ? r.body() : null;
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            return null;
        }
    }
}
