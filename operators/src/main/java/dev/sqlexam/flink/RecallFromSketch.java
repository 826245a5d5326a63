package dev.sqlexam.flink;

import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.SketchRecallStep;
import dev.sqlexam.pipeline.StepOpener;

/**
 * The {@link SketchRecallStep} as an async operator: pre-SQL backward recall for the variants that
 * have it on.
 */
public final class RecallFromSketch extends AsyncStepFunction<RetrievalTask, RetrievalTask> {

    public RecallFromSketch(StepOpener<SketchRecallStep> opener) {
        super(opener);
    }
}
