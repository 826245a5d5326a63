package dev.sqlexam.bench;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A model endpoint on loopback that speaks the OpenAI chat-completions protocol and answers every
 * request after a fixed latency, with as many workers as requests arrive; it samples how many
 * requests are in flight every {@code sampleMs} from the first request to the last answer, so that
 * the async operator's fill can be read over time.
 */
public final class LoopbackModel implements AutoCloseable {

    /**
     * In-flight requests from the first request on: the mean from the {@code capacity}-th request
     * sent until only {@code capacity} were left to send (before, the slots cannot all be full yet;
     * after, the exam drains), the mean from the first request to the last answer, the share of
     * samples at capacity and the 10th percentile in the first window, the requests, and the
     * samples until the last answer.
     */
    public record Fill(
            double mean,
            double meanWithDrain,
            double atCapacityShare,
            double p10,
            int requests,
            List<Integer> samples) {}

    private final HttpServer server;
    private final ExecutorService handlers =
            Executors.newCachedThreadPool(
                    r -> {
                        Thread t = new Thread(r, "loopback-model");
                        t.setDaemon(true);
                        return t;
                    });
    private final long latencyMs;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final List<Integer> samples = new ArrayList<>();
    private final Thread sampler;
    private volatile boolean started;
    private final List<Integer> sampleAtRequest = new ArrayList<>();

    public LoopbackModel(long latencyMs, long sampleMs) throws IOException {
        this.latencyMs = latencyMs;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
        server.setExecutor(handlers);
        server.createContext("/v1/chat/completions", this::answer);
        server.start();
        sampler =
                new Thread(
                        () -> {
                            while (!Thread.currentThread().isInterrupted()) {
                                if (started) {
                                    synchronized (samples) {
                                        samples.add(inFlight.get());
                                    }
                                }
                                try {
                                    Thread.sleep(sampleMs);
                                } catch (InterruptedException e) {
                                    Thread.currentThread()
                                            .interrupt(); // stopped: the flag stays set for the
                                    // owner
                                    return;
                                }
                            }
                        },
                        "loopback-model-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** The samples from the first request on, with the idle tail after the last answer cut off. */
    public Fill fill(int capacity) {
        List<Integer> busy;
        synchronized (samples) {
            int end = samples.size();
            while (end > 0 && samples.get(end - 1) == 0) end--;
            busy = List.copyOf(samples.subList(0, end));
        }
        if (busy.isEmpty()) return new Fill(0, 0, 0, 0, requests.get(), busy);
        int from;
        int to;
        synchronized (samples) {
            int sent = sampleAtRequest.size();
            boolean window = sent > 2 * capacity;
            from = window ? sampleAtRequest.get(capacity - 1) : 0;
            to = window ? sampleAtRequest.get(sent - capacity - 1) : busy.size();
        }
        to = Math.max(from + 1, Math.min(busy.size(), to));
        List<Integer> sending = busy.subList(Math.min(from, to - 1), to);
        double mean = sending.stream().mapToInt(Integer::intValue).average().orElse(0);
        double withDrain = busy.stream().mapToInt(Integer::intValue).average().orElse(0);
        long full = sending.stream().filter(n -> n >= capacity).count();
        List<Integer> sorted = sending.stream().sorted().toList();
        return new Fill(
                mean,
                withDrain,
                (double) full / sending.size(),
                sorted.get(sorted.size() / 10),
                requests.get(),
                busy);
    }

    private void answer(HttpExchange exchange) throws IOException {
        started = true;
        inFlight.incrementAndGet();
        requests.incrementAndGet();
        synchronized (samples) {
            sampleAtRequest.add(samples.size());
        }
        try {
            JsonNode request = Json.MAPPER.readTree(exchange.getRequestBody().readAllBytes());
            int n = request.path("n").asInt(1);
            Thread.sleep(latencyMs);
            StringBuilder choices = new StringBuilder();
            for (int i = 0; i < Math.max(1, n); i++) {
                choices.append(i == 0 ? "" : ",")
                        .append("{\"index\":")
                        .append(i)
                        .append(
                                ",\"message\":{\"role\":\"assistant\",\"content\":\"SELECT COUNT(*) FROM employees\"},\"finish_reason\":\"stop\"}");
            }
            byte[] body =
                    ("{\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion\",\"model\":\"bench\",\"choices\":["
                                    + choices
                                    + "],\"usage\":{\"prompt_tokens\":300,\"completion_tokens\":12,\"total_tokens\":312}}")
                            .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exchange.sendResponseHeaders(503, -1);
        } finally {
            inFlight.decrementAndGet();
            exchange.close();
        }
    }

    @Override
    public void close() {
        sampler.interrupt();
        server.stop(0);
        handlers.shutdownNow();
    }
}
