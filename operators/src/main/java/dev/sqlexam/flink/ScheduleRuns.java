package dev.sqlexam.flink;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.pipeline.SharingPlan;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * Expands each question into its tasks: one per group of variants that retrieve alike, split
 * further after retrieval and generation (an exam), or after keyBy(question) into one per variant
 * and run ({@link AttachPredictions}, a grade): a question crosses the network once, not once per
 * predictions file.
 */
public final class ScheduleRuns implements FlatMapFunction<ExamQuestion, ExamTask> {

    private final String runId;
    private final SharingPlan plan;

    private ScheduleRuns(String runId, SharingPlan plan) {
        this.runId = runId;
        this.plan = plan;
    }

    public static ScheduleRuns shared(String runId, SharingPlan plan) {
        return new ScheduleRuns(runId, plan);
    }

    @Override
    public void flatMap(ExamQuestion question, Collector<ExamTask> out) {
        for (ExamTask retrieval : plan.schedule(runId, question)) out.collect(retrieval);
    }
}
