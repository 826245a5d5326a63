package dev.sqlexam.flink;

import dev.sqlexam.pipeline.SyncStep;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/**
 * A synchronous {@link SyncStep} as a Flink map: the step is built in {@code open()} from the
 * description the subclass holds.
 */
public abstract class SyncStepFunction<I, O> extends RichMapFunction<I, O> {

    private transient SyncStep<I, O> step;

    /** The step this operator instance runs, built once per instance. */
    protected abstract SyncStep<I, O> openStep();

    @Override
    public final void open(OpenContext openContext) {
        step = openStep();
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
