package dev.sqlexam.llm;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class GeneratorSelectionTest {

    private final List<HttpServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(s -> s.stop(0));
    }

    private String serve(String path, String body) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(
                "/",
                exchange -> {
                    boolean known = exchange.getRequestURI().getPath().equals(path);
                    byte[] bytes =
                            (known ? body : "{\"error\":\"not found\"}")
                                    .getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().add("Content-Type", "application/json");
                    exchange.sendResponseHeaders(known ? 200 : 404, bytes.length);
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(bytes);
                    }
                });
        server.start();
        servers.add(server);
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static Generators auto(String url, String model) {
        return new Generators(
                "auto",
                new Generators.ModelServer(
                        url,
                        model,
                        "OPENAI_API_KEY",
                        dev.sqlexam.config.Secret.fromEnvironment("OPENAI_API_KEY"),
                        1000,
                        dev.sqlexam.config.Choices.OllamaEndpoint.CHAT),
                null,
                null,
                "chosen with --generator auto");
    }

    /** A port nobody listens on: bound, then released. */
    private static String deadUrl() throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        int port = s.getAddress().getPort();
        s.stop(0);
        return "http://127.0.0.1:" + port;
    }

    @Test
    void aConfiguredServerThatListsModelsIsOpenAiCompatible() throws IOException {
        String url =
                serve(
                                "/v1/models",
                                "{\"object\":\"list\",\"data\":[{\"id\":\"m\",\"object\":\"model\"}]}")
                        + "/v1";
        Generators g = GeneratorSelection.resolve(auto(url, "m"), deadUrl());
        assertThat(g.name()).isEqualTo("openai");
        assertThat(g.server().url()).isEqualTo(url);
        assertThat(g.reason()).contains("OpenAI-compatible");
    }

    @Test
    void aConfiguredServerThatListsTagsIsOllama() throws IOException {
        String url = serve("/api/tags", "{\"models\":[{\"name\":\"qwen2.5-coder:7b\"}]}");
        Generators g = GeneratorSelection.resolve(auto(url, "qwen2.5-coder:7b"), deadUrl());
        assertThat(g.name()).isEqualTo("ollama");
        assertThat(g.reason()).contains("Ollama");
    }

    @Test
    void aLocalOllamaIsUsedOnlyWhenItHasTheModel() throws IOException {
        String local = serve("/api/tags", "{\"models\":[{\"name\":\"llama3:latest\"}]}");
        Generators has = GeneratorSelection.resolve(auto(null, "llama3"), local);
        assertThat(has.name()).isEqualTo("ollama");
        assertThat(has.server().url()).isEqualTo(local);

        Generators lacks = GeneratorSelection.resolve(auto(null, "qwen2.5-coder:7b"), local);
        assertThat(lacks.name()).isEqualTo("baseline");
        assertThat(lacks.reason()).contains("lacks qwen2.5-coder:7b");
    }

    @Test
    void noServerAnywhereFallsBackToTheBaselineAndSaysWhy() throws IOException {
        String dead = deadUrl();
        Generators g = GeneratorSelection.resolve(auto(dead, "m"), dead);
        assertThat(g.name()).isEqualTo("baseline");
        assertThat(g.reason()).contains("did not answer").contains("no Ollama");
    }

    @Test
    void anExplicitGeneratorIsNeverProbed() {
        Generators gold = Generators.gold();
        assertThat(GeneratorSelection.resolve(gold)).isSameAs(gold);
    }
}
