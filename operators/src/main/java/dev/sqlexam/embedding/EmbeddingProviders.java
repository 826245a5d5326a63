package dev.sqlexam.embedding;

import java.io.Serializable;

/** Which embedding provider to build: {@code onnx} (default, in process) or {@code ollama}. */
public record EmbeddingProviders(String provider, String ollamaUrl, String ollamaModel) implements Serializable {

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
