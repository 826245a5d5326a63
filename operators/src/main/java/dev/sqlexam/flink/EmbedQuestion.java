package dev.sqlexam.flink;

import dev.sqlexam.model.Stage;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.embedding.EmbeddingProviders;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/**
 * Embeds the question text with its variant's embedding model (in process by default), cached per model and text:
 * repetitions, and variants that retrieve differently with the same model, reuse it.
 */
public final class EmbedQuestion extends RichMapFunction<ExamTask, RetrievalTask> {

    private static final int CACHE = 10_000;
    private final Variants<RetrievalSpec> specs;
    private transient Map<EmbeddingProviders, EmbeddingProvider> providers;
    private transient Cache<String, float[]> cache;

    public EmbedQuestion(Variants<RetrievalSpec> specs) {
        this.specs = specs;
    }

    @Override
    public void open(OpenContext openContext) {
        providers = new HashMap<>();
        cache = Caffeine.newBuilder().maximumSize(CACHE).build();
    }

    @Override
    public RetrievalTask map(ExamTask task) {
        long start = System.nanoTime();
        String text = task.question().question();
        try {
            EmbeddingProvider provider = providers.computeIfAbsent(specs.of(task).embeddings(), EmbeddingProviders::create);
            String key = provider.model() + '\u0000' + text;
            float[] v = cache.getIfPresent(key);
            boolean hit = v != null;
            if (v == null) {
                v = provider.embed(text.length() > 4_000 ? text.substring(0, 4_000) : text);
                cache.put(key, v);
            }
            return RetrievalTask.of(task).withVector(v, StageTrace.ok(Stage.EMBED, micros(start) / 1_000, hit ? "cached" : provider.model()));
        } catch (RuntimeException e) {
            return RetrievalTask.of(task).withVector(null, StageTrace.infraFailure(Stage.EMBED, micros(start) / 1_000,
                    "embedding failed: " + e.getMessage()));
        }
    }

    private static long micros(long start) {
        return (System.nanoTime() - start) / 1_000;
    }

    @Override
    public void close() {
        if (providers != null) providers.values().forEach(EmbeddingProvider::close);
    }
}
