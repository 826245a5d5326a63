package dev.sqlexam.flink;

import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.pipeline.GradeStep;
import dev.sqlexam.pipeline.StepOpener;

/**
 * The {@link GradeStep} as an async operator after keyBy(question): a question's gold result is
 * cached where its variants and runs need it.
 */
public final class ExecuteAndGrade extends AsyncStepFunction<GeneratedTask, ExamRecord> {

    public ExecuteAndGrade(StepOpener<GradeStep> opener) {
        super(opener);
    }
}
