package dev.sqlexam.flink;

import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.pipeline.EvaluateStep;
import dev.sqlexam.pipeline.StepOpener;

/**
 * The {@link EvaluateStep} as an async operator: each question's candidates validated, EXPLAINed,
 * scored and repaired.
 */
public final class EvaluateCandidates extends AsyncStepFunction<GeneratedTask, GeneratedTask> {

    public EvaluateCandidates(StepOpener<EvaluateStep> opener) {
        super(opener);
    }
}
