package dev.sqlexam.flink;

import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.pipeline.ExecutionSpec;
import dev.sqlexam.pipeline.GradeStep;
import dev.sqlexam.pipeline.Step;
import dev.sqlexam.pipeline.Variants;

/**
 * The {@link GradeStep} as an async operator after keyBy(question): a question's gold result is
 * cached where its variants and runs need it.
 */
public final class ExecuteAndGrade extends AsyncStepFunction<GeneratedTask, ExamRecord> {

    private final Variants<ExecutionSpec> specs;

    public ExecuteAndGrade(Variants<ExecutionSpec> specs) {
        this.specs = specs;
    }

    @Override
    protected Step<GeneratedTask, ExamRecord> openStep() {
        return new GradeStep(
                specs,
                GradeStep.CacheSizes.JOB,
                getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks());
    }
}
