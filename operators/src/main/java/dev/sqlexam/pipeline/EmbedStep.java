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
 * it.
 */
public final class EmbedStep implements SyncStep<ExamTask, RetrievalTask> {

    private static final int CACHE = 10_000;
    private static final int MAX_CHARS = 4_000;
    private final Variants<RetrievalSpec> specs;
    private final Map<EmbeddingProviders, EmbeddingProvider> providers = new HashMap<>();
    private final Cache<String, float[]> cache = Caffeine.newBuilder().maximumSize(CACHE).build();

    public EmbedStep(Variants<RetrievalSpec> specs) {
        this.specs = specs;
    }

    @Override
    public RetrievalTask apply(ExamTask task) {
        long start = System.nanoTime();
        String text = task.question().question();
        try {
            EmbeddingProvider provider =
                    providers.computeIfAbsent(
                            specs.of(task).embeddings(), EmbeddingProviders::create);
            String key = provider.model() + '\u0000' + text;
            float[] v = cache.getIfPresent(key);
            boolean hit = v != null;
            if (v == null) {
                v = provider.embed(text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text);
                cache.put(key, v);
            }
            return RetrievalTask.of(task)
                    .withVector(
                            v,
                            StageTrace.ok(
                                    Stage.EMBED, millis(start), hit ? "cached" : provider.model()));
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
    }
}
