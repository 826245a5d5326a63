package dev.sqlexam.pipeline;

import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.embedding.EmbeddingProvider;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.retrieval.QuestionVectorStore;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Embeds the question text with its variant's embedding model (in process by default), cached per
 * model and text: repetitions, and variants that retrieve differently with the same model, reuse
 * it. With question_vector_cache the vectors are also kept in sqlexam's database and a later run
 * takes them from there; the model is loaded only when a question's vector is not kept. A store
 * that fails is left alone for the rest of the step's life (the question that met the failure says
 * so in its trace) and the model embeds as without it.
 */
public final class EmbedStep implements SyncStep<ExamTask, RetrievalTask> {

    private static final int CACHE = 10_000;
    private static final int MAX_CHARS = 4_000;
    private final Variants<RetrievalSpec> specs;
    private final Map<EmbeddingProviders, EmbeddingProvider> providers = new HashMap<>();
    private final Cache<String, float[]> cache = Caffeine.newBuilder().maximumSize(CACHE).build();
    private final Map<StateDatabase, QuestionVectorStore> stores = new HashMap<>();
    private boolean storeFailed;

    public EmbedStep(Variants<RetrievalSpec> specs) {
        this.specs = specs;
    }

    @Override
    public RetrievalTask apply(ExamTask task) {
        long start = System.nanoTime();
        String text = task.question().question();
        text = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
        RetrievalSpec spec = specs.of(task);
        try {
            String model = spec.embeddings().modelName();
            String key = model + '\u0000' + text;
            float[] v = cache.getIfPresent(key);
            String detail = "cached";
            if (v == null) {
                Kept kept = kept(spec, model, text);
                v = kept.vector();
                detail = model + " (kept)";
                if (v == null) {
                    v =
                            providers
                                    .computeIfAbsent(spec.embeddings(), EmbeddingProviders::create)
                                    .embed(text);
                    String note = kept.note() != null ? kept.note() : keep(spec, model, text, v);
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

    /** A kept vector (null when none), or why the store was not asked (null when it was). */
    private record Kept(float[] vector, String note) {}

    private Kept kept(RetrievalSpec spec, String model, String text) {
        QuestionVectorStore store = store(spec);
        if (store == null) return new Kept(null, null);
        try {
            return new Kept(store.find(model, text), null);
        } catch (SQLException | RuntimeException e) {
            storeFailed = true;
            return new Kept(null, notKept(e));
        }
    }

    /** Null when kept (or not to keep), else why not. */
    private String keep(RetrievalSpec spec, String model, String text, float[] v) {
        QuestionVectorStore store = store(spec);
        if (store == null) return null;
        try {
            store.keep(model, text, v);
            return null;
        } catch (SQLException | RuntimeException e) {
            storeFailed = true;
            return notKept(e);
        }
    }

    private QuestionVectorStore store(RetrievalSpec spec) {
        if (!spec.keepQuestionVectors() || storeFailed) return null;
        return stores.computeIfAbsent(
                spec.state(), s -> QuestionVectorStore.open(s, spec.connections()));
    }

    private static String notKept(Exception e) {
        return "question vectors not kept for the rest of this task: " + e.getMessage();
    }

    private static long millis(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Override
    public void close() {
        providers.values().forEach(EmbeddingProvider::close);
        stores.values().forEach(QuestionVectorStore::close);
    }
}
