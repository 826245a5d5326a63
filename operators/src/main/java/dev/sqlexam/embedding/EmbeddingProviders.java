package dev.sqlexam.embedding;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import java.io.Serializable;

/** Which embedding provider to build: {@code onnx} (default, in process) or {@code ollama}. */
public record EmbeddingProviders(String provider, String ollamaUrl, String ollamaModel) implements Serializable {

    /** The provider {@code settings} choose (embedding_provider, ollama_url, ollama_embed_model). */
    public static EmbeddingProviders from(Settings settings) {
        return new EmbeddingProviders(settings.get(SqlExamOptions.EMBEDDING_PROVIDER), settings.get(SqlExamOptions.OLLAMA_URL),
                settings.get(SqlExamOptions.OLLAMA_EMBED_MODEL));
    }

    public EmbeddingProvider create() {
        return switch (provider) {
            case "onnx" -> new OnnxBgeSmallProvider();
            case "ollama" -> new OllamaEmbeddingProvider(ollamaUrl, ollamaModel, 30_000);
            default -> throw new IllegalArgumentException("unknown embedding provider '" + provider + "' (onnx, ollama)");
        };
    }

    /** The model name vectors are stored under, known without starting the provider. */
    public String modelName() {
        return "ollama".equals(provider) ? "ollama:" + ollamaModel : OnnxBgeSmallProvider.MODEL;
    }
}
