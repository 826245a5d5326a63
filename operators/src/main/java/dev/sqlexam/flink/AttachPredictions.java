package dev.sqlexam.flink;

import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.pipeline.PredictionsStep;
import dev.sqlexam.pipeline.SharingPlan;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * The {@link PredictionsStep} as an operator: grading predictions files, a question's one task
 * ({@link ScheduleRuns#whole}) split into one per variant (predictions file) and run, each with its
 * prediction attached in place of generation.
 */
public final class AttachPredictions implements FlatMapFunction<ExamTask, GeneratedTask> {

    private final PredictionsStep predictions;
    private final SharingPlan plan;

    public AttachPredictions(PredictionsStep predictions, SharingPlan plan) {
        this.predictions = predictions;
        this.plan = plan;
    }

    @Override
    public void flatMap(ExamTask whole, Collector<GeneratedTask> out) {
        for (ExamTask own : plan.eachVariantAndRun(whole)) out.collect(predictions.apply(own));
    }
}
