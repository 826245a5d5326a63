package dev.sqlexam.pipeline;

import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.retrieval.QuestionVectorStore;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The embed step's side of question_vector_cache: per state database, the vector kept for a text,
 * and keeping a new one. Only models whose weights ship with sqlexam are kept ({@link
 * dev.sqlexam.embedding.EmbeddingProviders#keptVectorsModel}): a server's model can change behind
 * its name. A store that fails to answer is left alone for the rest of the step's life; one that
 * refuses to keep a vector (no right to write, a read-only server) still answers reads. The
 * question that met the failure says so in its trace. A store that does not answer at once is not
 * waited for: the model embeds.
 */
final class KeptQuestionVectors implements AutoCloseable {

    /** The store's statements' time limit: a lookup is a primary-key read. */
    static final int QUERY_TIMEOUT_SECONDS = 2;

    private final Map<StateDatabase, QuestionVectorStore> stores = new HashMap<>();
    private boolean readFailed;
    private boolean keepFailed;

    /** A kept vector (null when none), and why the store could not answer (null when it did). */
    record Found(float[] vector, String note) {}

    Found find(RetrievalSpec spec, String model, String text) {
        if (model == null || !spec.keepQuestionVectors() || readFailed)
            return new Found(null, null);
        try {
            float[] v = store(spec).find(model, text);
            // a vector of another length is not this model's: embedded again, it is kept anew
            return new Found(v != null && v.length == spec.dimensions() ? v : null, null);
        } catch (SQLException | RuntimeException e) {
            readFailed = true;
            return new Found(
                    null,
                    "kept question vectors not read for the rest of this task: " + e.getMessage());
        }
    }

    /** Null when kept (or nothing to keep), else why not. */
    String keep(RetrievalSpec spec, String model, String text, float[] v) {
        // a store that cannot be read is not written either: what it keeps could not be taken
        if (model == null || !spec.keepQuestionVectors() || keepFailed || readFailed) return null;
        try {
            store(spec).keep(model, text, v);
            return null;
        } catch (SQLException | RuntimeException e) {
            keepFailed = true;
            return "question vectors not kept for the rest of this task: " + e.getMessage();
        }
    }

    private QuestionVectorStore store(RetrievalSpec spec) {
        return stores.computeIfAbsent(
                spec.state(),
                s ->
                        QuestionVectorStore.open(
                                s, spec.connections().failingFast(2_000), QUERY_TIMEOUT_SECONDS));
    }

    @Override
    public void close() {
        stores.values().forEach(QuestionVectorStore::close);
    }
}
