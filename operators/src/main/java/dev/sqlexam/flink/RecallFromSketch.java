package dev.sqlexam.flink;

import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.SketchRecallStep;
import dev.sqlexam.pipeline.Step;
import dev.sqlexam.pipeline.Variants;

/**
 * The {@link SketchRecallStep} as an async operator: pre-SQL backward recall for the variants that
 * have it on.
 */
public final class RecallFromSketch extends AsyncStepFunction<RetrievalTask, RetrievalTask> {

    private final Variants<PipelineConfig> configs;

    public RecallFromSketch(Variants<PipelineConfig> configs) {
        this.configs = configs;
    }

    @Override
    protected Step<RetrievalTask, RetrievalTask> openStep() {
        return new SketchRecallStep(configs);
    }
}
