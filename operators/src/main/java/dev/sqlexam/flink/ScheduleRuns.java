package dev.sqlexam.flink;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.pipeline.SharingPlan;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * Expands each question into its tasks: {@link #shared} one per group of variants that retrieve
 * alike (split further after retrieval and generation), or {@link #each} one per (variant, run)
 * from the start (grading predictions files, where nothing is shared).
 */
public final class ScheduleRuns implements FlatMapFunction<ExamQuestion, ExamTask> {

    private final String runId;
    private final SharingPlan plan;
    private final boolean split;

    private ScheduleRuns(String runId, SharingPlan plan, boolean split) {
        this.runId = runId;
        this.plan = plan;
        this.split = split;
    }

    public static ScheduleRuns shared(String runId, SharingPlan plan) {
        return new ScheduleRuns(runId, plan, false);
    }

    public static ScheduleRuns each(String runId, SharingPlan plan) {
        return new ScheduleRuns(runId, plan, true);
    }

    @Override
    public void flatMap(ExamQuestion question, Collector<ExamTask> out) {
        for (ExamTask retrieval : plan.schedule(runId, question)) {
            if (!split) {
                out.collect(retrieval);
                continue;
            }
            for (ExamTask generation : plan.splitForGeneration(retrieval)) {
                for (ExamTask own : plan.splitForVariants(generation)) out.collect(own);
            }
        }
    }
}
