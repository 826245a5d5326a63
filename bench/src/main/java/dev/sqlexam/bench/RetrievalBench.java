package dev.sqlexam.bench;

import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ModuleRoute;
import dev.sqlexam.model.RetrievalScores;
import dev.sqlexam.model.RetrievalTrace;
import dev.sqlexam.report.Quantiles;
import dev.sqlexam.retrieval.RagStore;
import dev.sqlexam.retrieval.RetrievalConfig;
import dev.sqlexam.retrieval.RetrievalService;
import dev.sqlexam.retrieval.SearchRequest;
import dev.sqlexam.retrieval.Vectors;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Retrieval over an exam set outside Flink: quality (P/R/F1, full recall, tables per question for
 * V1 and V2) and latency per stage (p50/p95/max after warm-up), with an exact brute-force top-K in
 * Java as the same-run baseline for the pgvector search.
 */
public final class RetrievalBench {

    private static final int WARM_UP = 20;

    private final RagStore store;
    private final EmbeddingProvider embedder;
    private final RetrievalConfig config;
    private final Path migrationsDir;

    public RetrievalBench(
            RagStore store,
            EmbeddingProvider embedder,
            RetrievalConfig config,
            Path migrationsDir) {
        this.store = store;
        this.embedder = embedder;
        this.config = config;
        this.migrationsDir = migrationsDir;
    }

    /** Quality of one retriever over the questions. */
    public record Quality(
            String retriever,
            int questions,
            double precision,
            double recall,
            double f1,
            double fullRecall,
            double avgTables) {}

    /** The whole bench result. */
    public record Report(
            Map<String, List<Long>> micros,
            List<Quality> quality,
            double routeAccuracy,
            double bruteForceOverlap,
            List<RetrievalTrace> traces) {}

    public Report run(String db, List<ExamQuestion> questions, Map<String, String> tableModules)
            throws Exception {
        RetrievalService service =
                new RetrievalService(
                        store, embedder.model(), embedder.dimensions(), config, migrationsDir);
        Map<String, float[]> tableVectors = store.allVectors(db, embedder.model(), "table");
        Map<String, List<Long>> micros = new LinkedHashMap<>();
        List<RetrievalTrace> traces = new ArrayList<>();
        int routedRight = 0;
        int routed = 0;
        double overlap = 0;
        int overlapN = 0;
        List<ExamQuestion> run =
                new ArrayList<>(questions.subList(0, Math.min(WARM_UP, questions.size())));
        run.addAll(questions);
        for (int i = 0; i < run.size(); i++) {
            ExamQuestion q = run.get(i);
            boolean measured = i >= Math.min(WARM_UP, questions.size());
            long t0 = System.nanoTime();
            float[] v = embedder.embed(q.question());
            long t1 = System.nanoTime();
            ModuleRoute route = service.route(db, q.question(), v);
            long t2 = System.nanoTime();
            RetrievalService.Outcome outcome =
                    service.retrieve(db, q.question(), v, route, q.goldTables());
            long t3 = System.nanoTime();
            // the job sends a question's searches together; the table search alone, for its time
            long p0 = System.nanoTime();
            store.search(
                    SearchRequest.vector(
                            db,
                            embedder.model(),
                            embedder.dimensions(),
                            "table",
                            v,
                            route.modules(),
                            List.of(),
                            config.v2().tableTopK()));
            long b0 = System.nanoTime();
            List<String> exact =
                    bruteForce(
                            tableVectors,
                            v,
                            route.modules(),
                            tableModules,
                            config.v2().tableTopK());
            long b1 = System.nanoTime();
            if (!measured) continue;
            add(micros, "embedding", (t1 - t0) / 1_000);
            add(micros, "routing", (t2 - t1) / 1_000);
            RetrievalTrace trace = outcome.trace();
            if (trace.v2Metrics() != null) {
                trace.v2Metrics().timingsMicros().forEach((k, val) -> add(micros, "v2 " + k, val));
                trace.v1Metrics().timingsMicros().forEach((k, val) -> add(micros, "v1 " + k, val));
            }
            add(micros, "retrieval (v1 + v2 + docs)", (t3 - t2) / 1_000);
            add(micros, "total", (t3 - t0) / 1_000);
            add(micros, "pgvector table top-K, alone", (b0 - p0) / 1_000);
            add(micros, "brute-force table top-K (Java)", (b1 - b0) / 1_000);
            traces.add(trace);
            if (route.modules() != null && !q.goldTables().isEmpty()) {
                routed++;
                Set<String> need = new HashSet<>();
                for (String t : q.goldTables())
                    if (tableModules.containsKey(t)) need.add(tableModules.get(t));
                if (route.modules().containsAll(need)) routedRight++;
            } else if (!q.goldTables().isEmpty()) {
                routed++;
                routedRight++;
            }
            if (trace.v2Metrics() != null) {
                List<String> pg =
                        trace.v2Metrics().tableSimilarities().stream()
                                .map(s -> s.substring(0, s.lastIndexOf('=')))
                                .toList();
                Set<String> a = new HashSet<>(exact.subList(0, Math.min(exact.size(), pg.size())));
                if (!pg.isEmpty()) {
                    overlap += (double) pg.stream().filter(a::contains).count() / pg.size();
                    overlapN++;
                }
            }
        }
        List<Quality> quality = List.of(quality("v1", traces, true), quality("v2", traces, false));
        return new Report(
                micros,
                quality,
                routed == 0 ? 1 : (double) routedRight / routed,
                overlapN == 0 ? 1 : overlap / overlapN,
                traces);
    }

    private static Quality quality(String name, List<RetrievalTrace> traces, boolean v1) {
        double p = 0, r = 0, f = 0, full = 0, tables = 0;
        int n = 0;
        for (RetrievalTrace t : traces) {
            RetrievalScores s = v1 ? t.v1() : t.v2();
            if (s == null) continue;
            n++;
            p += s.precision();
            r += s.recall();
            f += s.f1();
            full += s.fullRecall() ? 1 : 0;
            tables += s.retrieved();
        }
        return n == 0
                ? new Quality(name, 0, 0, 0, 0, 0, 0)
                : new Quality(name, n, p / n, r / n, f / n, full / n, tables / n);
    }

    private static List<String> bruteForce(
            Map<String, float[]> vectors,
            float[] q,
            List<String> modules,
            Map<String, String> tableModules,
            int k) {
        List<Map.Entry<String, Double>> scored = new ArrayList<>();
        for (var e : vectors.entrySet()) {
            if (modules != null
                    && !modules.contains(tableModules.getOrDefault(bare(e.getKey()), ""))) continue;
            scored.add(Map.entry(e.getKey(), Vectors.cosine(q, e.getValue())));
        }
        scored.sort(Map.Entry.<String, Double>comparingByValue().reversed());
        return scored.stream().limit(k).map(Map.Entry::getKey).toList();
    }

    private static String bare(String table) {
        int dot = table.lastIndexOf('.');
        return dot < 0 ? table : table.substring(dot + 1);
    }

    private static void add(Map<String, List<Long>> m, String k, long v) {
        m.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
    }

    public static void print(Report report, PrintStream out) {
        out.printf("%-34s %10s %10s %10s%n", "stage (ms)", "p50", "p95", "max");
        report.micros()
                .forEach(
                        (stage, values) -> {
                            List<Long> sorted = new ArrayList<>(values);
                            Collections.sort(sorted);
                            out.printf(
                                    Locale.ROOT,
                                    "%-34s %10.2f %10.2f %10.2f%n",
                                    stage,
                                    q(sorted, 0.5) / 1000.0,
                                    q(sorted, 0.95) / 1000.0,
                                    sorted.get(sorted.size() - 1) / 1000.0);
                        });
        out.println();
        out.printf(
                "%-10s %9s %9s %9s %9s %12s %11s%n",
                "retriever", "questions", "precision", "recall", "F1", "full recall", "avg tables");
        for (Quality q : report.quality()) {
            out.printf(
                    Locale.ROOT,
                    "%-10s %9d %9.3f %9.3f %9.3f %12.3f %11.2f%n",
                    q.retriever(),
                    q.questions(),
                    q.precision(),
                    q.recall(),
                    q.f1(),
                    q.fullRecall(),
                    q.avgTables());
        }
        out.printf(
                Locale.ROOT,
                "%nrouting: gold modules all routed for %.1f%% of questions%n",
                100 * report.routeAccuracy());
        out.printf(
                Locale.ROOT,
                "pgvector table top-K vs exact brute force: %.1f%% overlap%n",
                100 * report.bruteForceOverlap());
        List<Long> pg = report.micros().get("pgvector table top-K, alone");
        List<Long> brute = report.micros().get("brute-force table top-K (Java)");
        if (pg != null && brute != null) {
            List<Long> a = new ArrayList<>(pg);
            List<Long> b = new ArrayList<>(brute);
            Collections.sort(a);
            Collections.sort(b);
            out.printf(
                    Locale.ROOT,
                    "table search p50: pgvector %.2f ms vs brute force %.2f ms (ratio %.2f)%n",
                    q(a, 0.5) / 1000.0,
                    q(b, 0.5) / 1000.0,
                    (double) q(a, 0.5) / Math.max(1, q(b, 0.5)));
        }
        long withText =
                report.traces().stream()
                        .filter(t -> t.v1Metrics() != null && t.v1Metrics().textHits() > 0)
                        .count();
        out.printf(
                Locale.ROOT,
                "full-text search hit rate: %d of %d questions (%.1f%%)%n",
                withText,
                report.traces().size(),
                100.0 * withText / Math.max(1, report.traces().size()));
    }

    private static long q(List<Long> sorted, double p) {
        return Quantiles.ofSorted(sorted, p);
    }

    public static Map<String, String> moduleOfTables(Map<String, RagStore.StoredTable> tables) {
        Map<String, String> out = new TreeMap<>();
        tables.values().forEach(t -> out.put(bare(t.table()), t.module()));
        return out;
    }
}
