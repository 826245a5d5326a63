package dev.sqlexam.flink;

import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.RetrievalSpec;
import dev.sqlexam.pipeline.RetrieveStep;
import dev.sqlexam.pipeline.Step;
import dev.sqlexam.pipeline.Variants;

/**
 * The {@link RetrieveStep} as an async operator: each question's schema context, retrieved on
 * worker threads.
 */
public final class RetrieveSchema extends AsyncStepFunction<RetrievalTask, RetrievalTask> {

    private final Variants<RetrievalSpec> specs;

    public RetrieveSchema(Variants<RetrievalSpec> specs) {
        this.specs = specs;
    }

    @Override
    protected Step<RetrievalTask, RetrievalTask> openStep() {
        return new RetrieveStep(
                specs, getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks());
    }
}
