package dev.sqlexam.flink;

import dev.sqlexam.pipeline.Step;
import dev.sqlexam.pipeline.StepOpener;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An asynchronous {@link Step} as a Flink async function (AsyncIOExample's shape): the step is
 * built in {@code open()} by the opener the subclass is given (the job's from {@link
 * dev.sqlexam.pipeline.PipelineSteps}), its result completes the element, its {@code timedOut}
 * answers an element past the job's time limit, and an error the step did not turn into a trace
 * fails the task.
 */
public abstract class AsyncStepFunction<I, O> extends RichAsyncFunction<I, O> {

    private final StepOpener<? extends Step<I, O>> opener;
    private transient Step<I, O> step;

    protected AsyncStepFunction(StepOpener<? extends Step<I, O>> opener) {
        this.opener = opener;
    }

    @Override
    public final void open(OpenContext openContext) {
        step = opener.open(getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks());
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
