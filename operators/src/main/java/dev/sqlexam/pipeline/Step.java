package dev.sqlexam.pipeline;

import java.util.concurrent.CompletableFuture;

/**
 * One asynchronous stage of the pipeline in plain Java. {@link #run} does the stage's work for one
 * element and stamps its trace; it never completes exceptionally (a failure is an element with the
 * failure in its trace). {@link #timedOut} makes the element of one the stage did not finish within
 * the job's time limit. A Flink operator adapts a step; the path without Flink ({@link
 * QuestionPipeline}) calls it directly.
 */
public interface Step<I, O> extends AutoCloseable {

    CompletableFuture<O> run(I in);

    O timedOut(I in);

    @Override
    default void close() {}
}
