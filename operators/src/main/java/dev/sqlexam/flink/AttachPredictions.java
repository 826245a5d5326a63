package dev.sqlexam.flink;

import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.pipeline.PredictionsStep;

import org.apache.flink.api.common.functions.MapFunction;

/**
 * The {@link PredictionsStep} as an operator: grading predictions files, each task's prediction
 * attached in place of generation.
 */
public final class AttachPredictions implements MapFunction<ExamTask, GeneratedTask> {

    private final PredictionsStep predictions;

    public AttachPredictions(PredictionsStep predictions) {
        this.predictions = predictions;
    }

    @Override
    public GeneratedTask map(ExamTask task) {
        return predictions.apply(task);
    }
}
