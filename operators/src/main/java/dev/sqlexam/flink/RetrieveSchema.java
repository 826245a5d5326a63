package dev.sqlexam.flink;

import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.RetrieveStep;
import dev.sqlexam.pipeline.StepOpener;

/**
 * The {@link RetrieveStep} as an async operator: each question's schema context, retrieved on
 * worker threads.
 */
public final class RetrieveSchema extends AsyncStepFunction<RetrievalTask, RetrievalTask> {

    public RetrieveSchema(StepOpener<RetrieveStep> opener) {
        super(opener);
    }
}
