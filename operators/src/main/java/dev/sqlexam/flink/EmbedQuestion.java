package dev.sqlexam.flink;

import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.EmbedStep;
import dev.sqlexam.pipeline.StepOpener;

/**
 * The {@link EmbedStep} as an operator: each question's text embedded with its variant's model,
 * cached per model and text.
 */
public final class EmbedQuestion extends SyncStepFunction<ExamTask, RetrievalTask> {

    public EmbedQuestion(StepOpener<EmbedStep> opener) {
        super(opener);
    }
}
