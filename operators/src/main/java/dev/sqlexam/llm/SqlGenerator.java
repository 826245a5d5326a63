package dev.sqlexam.llm;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamTask;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Writes SQL candidates for a question. Implementations: {@code gold} (the harness self-check) now;
 * model providers and the offline baseline plug in here.
 */
public interface SqlGenerator extends AutoCloseable {

    String name();

    /** True when the candidates are not a model's work (the self-check); reports label it. */
    default boolean selfCheck() {
        return false;
    }

    CompletableFuture<List<Candidate>> generate(ExamTask task);

    @Override
    default void close() {}
}
