package dev.sqlexam.flink;

import dev.sqlexam.model.Stage;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/** Embeds the question text (in process by default), cached per text: repetitions and variants reuse it. */
public final class EmbedQuestion extends RichMapFunction<ExamTask, RetrievalTask> {

    private static final int CACHE = 10_000;
    private final RetrievalSpec spec;
    private transient EmbeddingProvider provider;
    private transient Cache<String, float[]> cache;

    public EmbedQuestion(RetrievalSpec spec) {
        this.spec = spec;
    }

    @Override
    public void open(OpenContext openContext) {
        provider = spec.embeddings().create();
        cache = Caffeine.newBuilder().maximumSize(CACHE).build();
    }

    @Override
    public RetrievalTask map(ExamTask task) {
        long start = System.nanoTime();
        String text = task.question().question();
        try {
            float[] v = cache.getIfPresent(text);
            boolean hit = v != null;
            if (v == null) {
                v = provider.embed(text.length() > 4_000 ? text.substring(0, 4_000) : text);
                cache.put(text, v);
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
        if (provider != null) provider.close();
    }
}
