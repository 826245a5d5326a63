package dev.sqlexam.watch;

import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.model.ModuleRoute;
import dev.sqlexam.model.RetrievalScores;
import dev.sqlexam.model.TableRecall;
import dev.sqlexam.retrieval.RetrievalService;
import dev.sqlexam.sql.SqlReferences;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Would sqlexam's retrieval have found the tables the app's SQL reads? The question is embedded
 * (cached by text: logs repeat their questions) and retrieved as the exam would for its database,
 * and the tables of the app's SQL are the reference. A database without an index is remembered for
 * a minute rather than asked again for every event.
 */
public final class RetrievalCheck {

    private final RetrievalService service;
    private final EmbeddingProvider embedder;
    private final Cache<String, float[]> vectors =
            Caffeine.newBuilder().maximumSize(10_000).build();
    private final Cache<String, String> unavailable =
            Caffeine.newBuilder().expireAfterWrite(Duration.ofMinutes(1)).build();

    public RetrievalCheck(RetrievalService service, EmbeddingProvider embedder) {
        this.service = service;
        this.embedder = embedder;
    }

    public TableRecall check(String db, String question, String sql) {
        Set<String> read = new TreeSet<>();
        for (String t : SqlReferences.of(sql).tables()) read.add(normalise(t));
        if (read.isEmpty()) return TableRecall.notChecked("the SQL reads no table");
        String why = unavailable.getIfPresent(db);
        if (why != null) return TableRecall.notChecked(why);
        try {
            float[] v = vectors.get(question, this::embed);
            ModuleRoute route = service.route(db, question, v);
            RetrievalService.Outcome outcome =
                    service.retrieve(db, question, v, route, List.copyOf(read));
            if (outcome.trace().error() != null)
                return TableRecall.notChecked(outcome.trace().error());
            List<String> retrieved = outcome.packet().tableNames();
            Set<String> found = new TreeSet<>();
            for (String t : retrieved) found.add(normalise(t));
            List<String> missed = new ArrayList<>();
            for (String t : read) if (!found.contains(t)) missed.add(t);
            RetrievalScores scores = RetrievalScores.of(retrieved, read);
            return new TableRecall(
                    scores.recall(), missed, retrieved.size(), outcome.packet().strategy(), null);
        } catch (Exception e) {
            String message = "no retrieval for database " + db + ": " + e.getMessage();
            if (e instanceof IllegalStateException) unavailable.put(db, message);
            return TableRecall.notChecked(message);
        }
    }

    /** One embedding at a time per check: the in-process model is not shared across threads. */
    private float[] embed(String question) {
        synchronized (embedder) {
            return embedder.embed(
                    question.length() > 4_000 ? question.substring(0, 4_000) : question);
        }
    }

    private static String normalise(String table) {
        String s = table.replace("\"", "");
        if (s.startsWith("public.")) s = s.substring("public.".length());
        return s.toLowerCase(Locale.ROOT);
    }
}
