package dev.sqlexam.flink;

import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.GenerateStep;
import dev.sqlexam.pipeline.StepOpener;

/**
 * The {@link GenerateStep} as an async operator: each question's SQL candidates from its variant's
 * generator.
 */
public final class GenerateCandidates extends AsyncStepFunction<RetrievalTask, GeneratedTask> {

    public GenerateCandidates(StepOpener<GenerateStep> opener) {
        super(opener);
    }
}
