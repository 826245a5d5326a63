package dev.sqlexam.flink;

import dev.sqlexam.pipeline.StepOpener;
import dev.sqlexam.pipeline.SyncStep;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/**
 * A synchronous {@link SyncStep} as a Flink map: the step is built in {@code open()} by the opener
 * the subclass is given (the job's from {@link dev.sqlexam.pipeline.PipelineSteps}).
 */
public abstract class SyncStepFunction<I, O> extends RichMapFunction<I, O> {

    private final StepOpener<? extends SyncStep<I, O>> opener;
    private transient SyncStep<I, O> step;

    protected SyncStepFunction(StepOpener<? extends SyncStep<I, O>> opener) {
        this.opener = opener;
    }

    @Override
    public final void open(OpenContext openContext) {
        step = opener.open(getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks());
    }

    @Override
    public final O map(I in) {
        return step.apply(in);
    }

    @Override
    public final void close() throws Exception {
        if (step != null) step.close();
    }
}
