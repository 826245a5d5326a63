package dev.sqlexam.llm;

import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.JoinPlan;
import dev.sqlexam.model.SchemaContextPacket;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Writes SQL candidates for a question: {@code gold} (the harness self-check), {@code baseline}
 * (offline rules), {@code replay} (an earlier exam log), and the model providers. What a generator
 * can do beyond that is part of this interface: a quick sketch for pre-SQL recall, and free
 * completion of a prompt for repair.
 */
public interface SqlGenerator extends AutoCloseable {

    /**
     * What a generator is given: the question's task, the retrieved schema and the join plan
     * (either may be null).
     */
    record Request(ExamTask task, SchemaContextPacket packet, JoinPlan plan) {}

    String name();

    /** True when the candidates are not a model's work (the self-check); reports label it. */
    default boolean selfCheck() {
        return false;
    }

    /**
     * The candidates with the trace of how they were made; a failure is a {@link Generation} too,
     * never an exception.
     */
    CompletableFuture<Generation> generate(Request request);

    /**
     * One quick candidate from the retrieved schema, whose tables pre-SQL recall adds; none unless
     * a model writes it.
     */
    default Optional<Sketcher> sketcher() {
        return Optional.empty();
    }

    /**
     * Completion of a prompt written elsewhere (the repair prompt); none unless a model answers it.
     */
    default Optional<Completer> completer() {
        return Optional.empty();
    }

    /** Writes a sketch. */
    @FunctionalInterface
    interface Sketcher {
        CompletableFuture<Generation> sketch(ExamTask task, SchemaContextPacket packet);
    }

    /** Completes a prompt into SQL candidates. */
    @FunctionalInterface
    interface Completer {
        CompletableFuture<Generation> complete(String prompt);
    }

    @Override
    default void close() {}
}
