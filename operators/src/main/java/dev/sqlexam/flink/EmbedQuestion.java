package dev.sqlexam.flink;

import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.EmbedStep;
import dev.sqlexam.pipeline.RetrievalSpec;
import dev.sqlexam.pipeline.SyncStep;
import dev.sqlexam.pipeline.Variants;

/**
 * The {@link EmbedStep} as an operator: each question's text embedded with its variant's model,
 * cached per model and text.
 */
public final class EmbedQuestion extends SyncStepFunction<ExamTask, RetrievalTask> {

    private final Variants<RetrievalSpec> specs;

    public EmbedQuestion(Variants<RetrievalSpec> specs) {
        this.specs = specs;
    }

    @Override
    protected SyncStep<ExamTask, RetrievalTask> openStep() {
        return new EmbedStep(specs);
    }
}
