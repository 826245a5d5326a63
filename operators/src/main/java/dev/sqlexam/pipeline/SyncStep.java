package dev.sqlexam.pipeline;

/**
 * One stage of the pipeline that does its work on the caller's thread (a map in the Flink graph),
 * in plain Java: it stamps the element's trace and never throws (a failure is an element with the
 * failure in its trace).
 */
public interface SyncStep<I, O> extends AutoCloseable {

    O apply(I in);

    @Override
    default void close() {}
}
