package dev.sqlexam.pipeline;

import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.util.HashMap;
import java.util.Map;

/**
 * Embeds the question text with its variant's embedding model (in process by default), cached per
 * model and text: repetitions, and variants that retrieve differently with the same model, reuse
 * it. With question_vector_cache the in-process model's vectors are also kept in sqlexam's database
 * and a later run takes them from there ({@link KeptQuestionVectors}); the model is loaded only
 * when a question's vector is not kept.
 */
public final class EmbedStep implements SyncStep<ExamTask, RetrievalTask> {

    private static final int CACHE = 10_000;
    private static final int MAX_CHARS = 4_000;
    private final Variants<RetrievalSpec> specs;
    private final Map<EmbeddingProviders, EmbeddingProvider> providers = new HashMap<>();
    private final Cache<String, float[]> cache = Caffeine.newBuilder().maximumSize(CACHE).build();
    private final KeptQuestionVectors kept = new KeptQuestionVectors();

    public EmbedStep(Variants<RetrievalSpec> specs) {
        this.specs = specs;
    }

    @Override
    public RetrievalTask apply(ExamTask task) {
        long start = System.nanoTime();
        if (task.question().onSqlite()) {
            // nothing to route or retrieve with it: the schema index is PostgreSQL's
            return RetrievalTask.of(task)
                    .withVector(
                            null,
                            StageTrace.ok(
                                    Stage.EMBED, 0, "skipped: the database is a SQLite file"));
        }
        try {
            String text = task.question().question();
            text = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
            RetrievalSpec spec = specs.of(task);
            String model = spec.embeddings().modelName();
            String key = model + '\u0000' + text;
            float[] v = cache.getIfPresent(key);
            String detail = "cached";
            if (v == null) {
                String keptAs = spec.embeddings().keptVectorsModel();
                KeptQuestionVectors.Found found = kept.find(spec, keptAs, text);
                v = found.vector();
                detail = model + " (kept)";
                if (v == null) {
                    v =
                            providers
                                    .computeIfAbsent(spec.embeddings(), EmbeddingProviders::create)
                                    .embed(text);
                    String note =
                            found.note() != null ? found.note() : kept.keep(spec, keptAs, text, v);
                    detail = note == null ? model : model + " (" + note + ")";
                }
                cache.put(key, v);
            }
            return RetrievalTask.of(task)
                    .withVector(v, StageTrace.ok(Stage.EMBED, millis(start), detail));
        } catch (RuntimeException e) {
            return RetrievalTask.of(task)
                    .withVector(
                            null,
                            StageTrace.infraFailure(
                                    Stage.EMBED,
                                    millis(start),
                                    "embedding failed: " + e.getMessage()));
        }
    }

    private static long millis(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Override
    public void close() {
        providers.values().forEach(EmbeddingProvider::close);
        kept.close();
    }
}
