package dev.sqlexam.jobs;

import dev.sqlexam.embedding.EmbeddingException;
import dev.sqlexam.embedding.OllamaEmbeddingProvider;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Ollama embedding provider against a loopback server that answers as Ollama's /api/embed does.
 */
class OllamaEmbeddingProviderTest {

    private HttpServer server;
    private final AtomicReference<String> lastBody = new AtomicReference<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(
                "/api/embed",
                exchange -> {
                    String body =
                            new String(
                                    exchange.getRequestBody().readAllBytes(),
                                    StandardCharsets.UTF_8);
                    lastBody.set(body);
                    String reply;
                    int status;
                    if (body.contains("\"model\":\"missing\"")) {
                        status = 404;
                        reply =
                                "{\"error\":\"model \\\"missing\\\" not found, try pulling it first\"}";
                    } else {
                        int n = body.split("\"input\":\\[")[1].split(",", -1).length;
                        StringBuilder sb =
                                new StringBuilder(
                                        "{\"model\":\"nomic-embed-text\",\"embeddings\":[");
                        for (int i = 0; i < n; i++)
                            sb.append(i == 0 ? "" : ",")
                                    .append("[0.1,-0.2,")
                                    .append(i)
                                    .append(".5]");
                        sb.append(
                                "],\"total_duration\":14143917,\"load_duration\":1019500,\"prompt_eval_count\":8}");
                        status = 200;
                        reply = sb.toString();
                    }
                    byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders()
                            .add("Content-Type", "application/json; charset=utf-8");
                    exchange.sendResponseHeaders(status, bytes.length);
                    exchange.getResponseBody().write(bytes);
                    exchange.close();
                });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Test
    void embedsInOneBatchRequest() {
        try (OllamaEmbeddingProvider p =
                new OllamaEmbeddingProvider(url(), "nomic-embed-text", 5_000)) {
            List<float[]> v = p.embedAll(List.of("a", "b"));
            assertThat(v).hasSize(2);
            assertThat(v.get(1)).containsExactly(0.1f, -0.2f, 1.5f);
            assertThat(lastBody.get())
                    .contains("\"model\":\"nomic-embed-text\"")
                    .contains("\"input\":[\"a\",\"b\"]");
            assertThat(p.model()).isEqualTo("ollama:nomic-embed-text");
            assertThat(p.dimensions()).isEqualTo(3);
        }
    }

    @Test
    void anErrorBodyBecomesAClearError() {
        try (OllamaEmbeddingProvider p = new OllamaEmbeddingProvider(url(), "missing", 5_000)) {
            assertThatThrownBy(() -> p.embed("x"))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessageContaining("404")
                    .hasMessageContaining("not found");
        }
    }

    @Test
    void aClosedPortIsAnInfrastructureError() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (OllamaEmbeddingProvider p =
                new OllamaEmbeddingProvider(
                        "http://127.0.0.1:" + port, "nomic-embed-text", 2_000)) {
            assertThatThrownBy(() -> p.embed("x"))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessageContaining("did not embed");
        }
    }
}
