package dev.sqlexam.embedding;

import java.util.List;

/** Turns texts into vectors. Implementations are thread-safe and reusable. */
public interface EmbeddingProvider extends AutoCloseable {

    /** The model's name as stored beside its vectors (vectors of different models never mix). */
    String model();

    int dimensions();

    float[] embed(String text);

    default List<float[]> embedAll(List<String> texts) {
        return texts.stream().map(this::embed).toList();
    }

    @Override
    default void close() {}
}
