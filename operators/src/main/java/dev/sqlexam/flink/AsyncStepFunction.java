package dev.sqlexam.flink;

import dev.sqlexam.pipeline.Step;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An asynchronous {@link Step} as a Flink async function (AsyncIOExample's shape): the step is
 * built in {@code open()} from the serializable description the subclass holds, its result
 * completes the element, its {@code timedOut} answers an element past the job's time limit, and an
 * error the step did not turn into a trace fails the task.
 */
public abstract class AsyncStepFunction<I, O> extends RichAsyncFunction<I, O> {

    private transient Step<I, O> step;

    /** The step this operator instance runs, built once per instance. */
    protected abstract Step<I, O> openStep();

    @Override
    public final void open(OpenContext openContext) {
        step = openStep();
    }

    @Override
    public final void asyncInvoke(I in, ResultFuture<O> resultFuture) {
        CompletableFuture<O> out;
        try {
            out = step.run(in);
        } catch (RuntimeException e) {
            out = CompletableFuture.failedFuture(e);
        }
        out.whenComplete(
                (result, error) -> {
                    if (error != null) resultFuture.completeExceptionally(error);
                    else resultFuture.complete(List.of(result));
                });
    }

    @Override
    public final void timeout(I in, ResultFuture<O> resultFuture) {
        resultFuture.complete(List.of(step.timedOut(in)));
    }

    @Override
    public final void close() throws Exception {
        if (step != null) step.close();
    }
}
