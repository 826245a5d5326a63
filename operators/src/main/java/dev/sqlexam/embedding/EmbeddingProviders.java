package dev.sqlexam.embedding;

import dev.sqlexam.config.Choices;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import java.io.Serializable;

/** Which embedding provider to build: {@code onnx} (default, in process) or {@code ollama}. */
public record EmbeddingProviders(
        Choices.EmbeddingProvider provider, String ollamaUrl, String ollamaModel, int onnxThreads)
        implements Serializable {

    /** The in-process model with one thread per call. */
    public EmbeddingProviders(
            Choices.EmbeddingProvider provider, String ollamaUrl, String ollamaModel) {
        this(provider, ollamaUrl, ollamaModel, 1);
    }

    /**
     * The provider {@code settings} choose (embedding_provider, ollama_url, ollama_embed_model,
     * embedding_threads, parallelism).
     */
    public static EmbeddingProviders from(Settings settings) {
        int threads = settings.get(SqlExamOptions.EMBEDDING_THREADS);
        return new EmbeddingProviders(
                settings.get(SqlExamOptions.EMBEDDING_PROVIDER),
                settings.get(SqlExamOptions.OLLAMA_URL),
                settings.get(SqlExamOptions.OLLAMA_EMBED_MODEL),
                threads > 0
                        ? threads
                        : OnnxBgeSmallProvider.threadsFor(
                                settings.get(SqlExamOptions.PARALLELISM)));
    }

    public EmbeddingProvider create() {
        return switch (provider) {
            case ONNX -> new OnnxBgeSmallProvider(onnxThreads);
            case OLLAMA -> new OllamaEmbeddingProvider(ollamaUrl, ollamaModel, 30_000);
        };
    }

    /**
     * The name question vectors are kept under in sqlexam's database (question_vector_cache): the
     * in-process model with the version of the artifact its weights ship in; null for a server's
     * model, whose weights can change behind its name.
     */
    public String keptVectorsModel() {
        return provider == Choices.EmbeddingProvider.ONNX ? OnnxBgeSmallProvider.identity() : null;
    }

    /** The model name vectors are stored under, known without starting the provider. */
    public String modelName() {
        return provider == Choices.EmbeddingProvider.OLLAMA
                ? "ollama:" + ollamaModel
                : OnnxBgeSmallProvider.MODEL;
    }
}
