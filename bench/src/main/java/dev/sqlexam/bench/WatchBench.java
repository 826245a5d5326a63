package dev.sqlexam.bench;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.assembly.WatchSpecs;
import dev.sqlexam.jobs.graph.CollectingSink;
import dev.sqlexam.jobs.graph.ExamIo;
import dev.sqlexam.jobs.graph.WatchJob;
import dev.sqlexam.jobs.graph.WatchJobSpec;
import dev.sqlexam.jobs.graph.WatchSources;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.jobs.runtime.WatchJobRunner;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.WindowRow;
import dev.sqlexam.report.Quantiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code bench watch}: the watch graph's sustained throughput and its window latency on this
 * machine. Throughput: the same graph over a small and a large file of events cycled from a query
 * log, as logged and with gold SQL stripped (guard + lint + EXPLAIN only); the difference of the
 * two job times cancels start-up. Latency: a generator writes live events (ts = when written) into
 * a watched folder at a rate; for every app window row, the wall-clock time it was emitted minus
 * its window's end.
 */
public final class WatchBench {

    /** What one configuration measured. */
    public record Throughput(
            String label, int small, int large, double smallSeconds, double largeSeconds) {
        public double eventsPerSecond() {
            return (large - small) / Math.max(1e-9, largeSeconds - smallSeconds);
        }
    }

    public record Latency(
            double rate,
            int sent,
            int windowRows,
            double p50Ms,
            double p95Ms,
            double maxMs,
            Duration window,
            Duration outOfOrderness) {}

    private final Settings settings;
    private final List<String> log;
    private final Path work;
    private final PrintStream out;

    public WatchBench(Settings settings, Path queryLog, Path work, PrintStream out)
            throws IOException {
        this.settings = settings;
        this.log =
                Files.readAllLines(queryLog, StandardCharsets.UTF_8).stream()
                        .filter(WatchBench::usable)
                        .toList();
        this.work = work;
        this.out = out;
    }

    private static boolean usable(String line) {
        try {
            JsonNode n = Json.MAPPER.readTree(line);
            return n != null && n.hasNonNull("sql") && n.hasNonNull("ts");
        } catch (IOException e) {
            // no such file yet: not written
            return false;
        }
    }

    /**
     * One configuration: events as logged or with gold stripped; {@code distinct} makes every
     * event's SQL text unique (a numbered comment), so that nothing is answered from the guard's
     * and lint's caches of repeated SQL.
     */
    public Throughput throughput(
            String label,
            boolean withGold,
            boolean distinct,
            boolean retrievalCheck,
            int small,
            int large)
            throws Exception {
        WatchJobSpec spec = WatchSpecs.spec(settings, label);
        if (!retrievalCheck) spec = spec.toBuilder().retrievalCheck(null, 0).build();
        run(events(small, withGold, distinct), spec);
        double s = run(events(small, withGold, distinct), spec);
        double l = run(events(large, withGold, distinct), spec);
        return new Throughput(label, small, large, s, l);
    }

    private Path events(int n, boolean withGold, boolean distinct) throws IOException {
        List<String> lines = new ArrayList<>(n);
        long start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
        for (int i = 0; i < n; i++) {
            String line = stamped(log.get(i % log.size()), start + i * 100L, withGold);
            if (distinct) {
                ObjectNode node = (ObjectNode) Json.MAPPER.readTree(line);
                node.put("sql", node.get("sql").asText() + " /* event " + i + " */");
                line = node.toString();
            }
            lines.add(line);
        }
        Path file =
                work.resolve(
                        "events-"
                                + n
                                + (withGold ? "-gold" : "")
                                + (distinct ? "-distinct" : "")
                                + ".jsonl");
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }

    private static String stamped(String line, long tsMs, boolean withGold) throws IOException {
        ObjectNode n = (ObjectNode) Json.MAPPER.readTree(line);
        n.put("ts", Instant.ofEpochMilli(tsMs).toString());
        if (!withGold) n.remove("gold_sql");
        return n.toString();
    }

    private double run(Path file, WatchJobSpec spec) throws Exception {
        CollectingSink<EventEvaluation> evaluations = new CollectingSink<>();
        long t0 = System.nanoTime();
        new WatchJobRunner(FlinkTarget.local())
                .start(
                        new WatchJob(
                                ExamIo.Lines.file(file.toUri().toString()),
                                WatchJob.Sinks.of(evaluations, null),
                                spec),
                        parallelism())
                .awaitEnd();
        double seconds = (System.nanoTime() - t0) / 1e9;
        evaluations.collected().clear();
        return seconds;
    }

    private int parallelism() {
        return settings.get(SqlExamOptions.PARALLELISM);
    }

    /**
     * Live events at {@code rate} per second for {@code seconds} into a watched folder, windows of
     * {@code window}.
     */
    public Latency latency(double rate, int seconds, Duration window, Duration outOfOrderness)
            throws Exception {
        Path folder = Files.createDirectories(work.resolve("live"));
        CollectingSink<WindowRow> rows = new CollectingSink<>();
        WatchJobSpec spec =
                WatchSpecs.spec(settings, "live").toBuilder()
                        .retrievalCheck(null, 0)
                        .window(window)
                        .outOfOrderness(outOfOrderness)
                        .allowedLateness(Duration.ZERO)
                        .shadow(null)
                        .build();
        ExamIo.Lines source = WatchSources.folder(folder, Duration.ofMillis(200));
        WatchJobRunner.Started job =
                new WatchJobRunner(FlinkTarget.local())
                        .start(
                                new WatchJob(source, WatchJob.Sinks.of(null, rows), spec),
                                parallelism());
        Thread.sleep(3_000);
        AtomicLong sent = new AtomicLong();
        long lastEventMs = generate(folder, rate, seconds, sent);
        long waitUntil =
                System.currentTimeMillis() + window.toMillis() + outOfOrderness.toMillis() + 5_000;
        while (System.currentTimeMillis() < waitUntil) Thread.sleep(200);
        job.cancel();
        List<Long> lags =
                rows.collected().stream()
                        .filter(r -> r.keyKind().equals("app") && r.windowEndMs() <= lastEventMs)
                        .map(r -> r.emittedAtMs() - r.windowEndMs())
                        .toList();
        return new Latency(
                rate,
                (int) sent.get(),
                lags.size(),
                Quantiles.nearestRank(lags, 0.5),
                Quantiles.nearestRank(lags, 0.95),
                Quantiles.nearestRank(lags, 1.0),
                window,
                outOfOrderness);
    }

    /**
     * Writes a small file every 100 ms, its events stamped with the moment they are written;
     * returns the last event's time.
     */
    private long generate(Path folder, double rate, int seconds, AtomicLong sent) throws Exception {
        long start = System.currentTimeMillis();
        long last = start;
        int file = 0;
        while (System.currentTimeMillis() - start < seconds * 1000L) {
            long due = (long) ((System.currentTimeMillis() - start) / 1000.0 * rate);
            List<String> lines = new ArrayList<>();
            while (sent.get() < due) {
                last = System.currentTimeMillis();
                lines.add(
                        stamped(log.get((int) (sent.getAndIncrement() % log.size())), last, true));
            }
            if (!lines.isEmpty()) {
                Path tmp = work.resolve("writing-" + file);
                Files.write(tmp, lines, StandardCharsets.UTF_8);
                Files.move(
                        tmp,
                        folder.resolve(String.format(Locale.ROOT, "events-%06d.jsonl", file++)));
            }
            Thread.sleep(100);
        }
        return last;
    }

    public void print(List<Throughput> throughputs, Latency latency) {
        out.println("| events | per-event work | events/s (sustained) | small run | large run |");
        out.println("|---|---|---:|---:|---:|");
        for (Throughput t : throughputs) {
            out.printf(
                    Locale.ROOT,
                    "| %d − %d | %s | %.0f | %.1f s | %.1f s |%n",
                    t.large(),
                    t.small(),
                    t.label(),
                    t.eventsPerSecond(),
                    t.smallSeconds(),
                    t.largeSeconds());
        }
        out.println();
        out.printf(
                Locale.ROOT,
                "live: %d events at %.0f/s into a watched folder; windows of %d s, out-of-orderness %d ms%n",
                latency.sent(),
                latency.rate(),
                latency.window().toSeconds(),
                latency.outOfOrderness().toMillis());
        out.println("| window rows (app) | emitted after the window's end: p50 | p95 | max |");
        out.println("|---:|---:|---:|---:|");
        out.printf(
                Locale.ROOT,
                "| %d | %.0f ms | %.0f ms | %.0f ms |%n",
                latency.windowRows(),
                latency.p50Ms(),
                latency.p95Ms(),
                latency.maxMs());
    }
}
