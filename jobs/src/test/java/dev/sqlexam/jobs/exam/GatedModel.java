package dev.sqlexam.jobs.exam;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback model server of the OpenAI chat protocol that answers its first calls at once and each
 * later one after a pause, until {@link #open()}: an exam behind it goes on at a slow model's pace
 * and cannot finish within seconds, however fast the machine. Every answer is {@code n} choices of
 * one query that runs on any database.
 */
final class GatedModel {

    /** The query of every answer. */
    static final String ANSWER = "SELECT 1 AS answer";

    private final HttpServer server;
    private final ExecutorService threads;
    private final int answeredBeforeTheGate;
    private final long pauseMs;
    private final AtomicInteger calls = new AtomicInteger();
    private final CountDownLatch gate = new CountDownLatch(1);

    private GatedModel(
            HttpServer server, ExecutorService threads, int answeredBeforeTheGate, long pauseMs) {
        this.server = server;
        this.threads = threads;
        this.answeredBeforeTheGate = answeredBeforeTheGate;
        this.pauseMs = pauseMs;
    }

    /** Answers {@code answeredBeforeTheGate} calls at once, then each after {@code pauseMs}. */
    static GatedModel start(int answeredBeforeTheGate, long pauseMs) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        ExecutorService threads =
                Executors.newCachedThreadPool(
                        r -> {
                            Thread t = new Thread(r, "gated-model");
                            t.setDaemon(true);
                            return t;
                        });
        GatedModel model = new GatedModel(server, threads, answeredBeforeTheGate, pauseMs);
        server.createContext("/v1/chat/completions", model::answer);
        server.createContext("/v1/models", GatedModel::models);
        server.setExecutor(threads);
        server.start();
        return model;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Answers the pausing calls and every later one at once. */
    void open() {
        gate.countDown();
    }

    void stop() {
        open();
        server.stop(0);
        threads.shutdownNow();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode request = Json.MAPPER.readTree(exchange.getRequestBody().readAllBytes());
            if (calls.incrementAndGet() > answeredBeforeTheGate) waitAtTheGate();
            int n = request.path("n").asInt(1);
            StringBuilder choices = new StringBuilder();
            for (int i = 0; i < n; i++) {
                choices.append(i == 0 ? "" : ",")
                        .append("{\"index\":")
                        .append(i)
                        .append(",\"message\":{\"role\":\"assistant\",\"content\":")
                        .append('"')
                        .append(ANSWER)
                        .append("\"},\"finish_reason\":\"stop\"}");
            }
            ModelExamITCase.answerJson(
                    exchange,
                    "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"coder\","
                            + "\"choices\":["
                            + choices
                            + "],\"usage\":{\"prompt_tokens\":100,\"completion_tokens\":5,"
                            + "\"total_tokens\":105}}");
        }
    }

    private static void models(HttpExchange exchange) throws IOException {
        try (exchange) {
            ModelExamITCase.answerJson(
                    exchange,
                    "{\"object\":\"list\",\"data\":[{\"id\":\"coder\",\"object\":\"model\"}]}");
        }
    }

    private void waitAtTheGate() {
        try {
            gate.await(pauseMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
