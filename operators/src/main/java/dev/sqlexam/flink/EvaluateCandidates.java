package dev.sqlexam.flink;

import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.pipeline.EvaluateStep;
import dev.sqlexam.pipeline.EvaluationSpec;
import dev.sqlexam.pipeline.Step;
import dev.sqlexam.pipeline.Variants;

/**
 * The {@link EvaluateStep} as an async operator: each question's candidates validated, EXPLAINed,
 * scored and repaired.
 */
public final class EvaluateCandidates extends AsyncStepFunction<GeneratedTask, GeneratedTask> {

    private final Variants<EvaluationSpec> specs;

    public EvaluateCandidates(Variants<EvaluationSpec> specs) {
        this.specs = specs;
    }

    @Override
    protected Step<GeneratedTask, GeneratedTask> openStep() {
        return new EvaluateStep(specs);
    }
}
