package dev.sqlexam.flink;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.pipeline.SharingPlan;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * Expands each question into its tasks: {@link #shared} one per group of variants that retrieve
 * alike (split further after retrieval and generation: an exam), or {@link #whole} one for the
 * question, split per variant and run after keyBy(question) by {@link AttachPredictions} (a grade:
 * a question crosses the network once, not once per predictions file).
 */
public final class ScheduleRuns implements FlatMapFunction<ExamQuestion, ExamTask> {

    private final String runId;
    private final SharingPlan plan;
    private final boolean whole;

    private ScheduleRuns(String runId, SharingPlan plan, boolean whole) {
        this.runId = runId;
        this.plan = plan;
        this.whole = whole;
    }

    public static ScheduleRuns shared(String runId, SharingPlan plan) {
        return new ScheduleRuns(runId, plan, false);
    }

    public static ScheduleRuns whole(String runId, SharingPlan plan) {
        return new ScheduleRuns(runId, plan, true);
    }

    @Override
    public void flatMap(ExamQuestion question, Collector<ExamTask> out) {
        if (whole) {
            out.collect(plan.whole(runId, question));
            return;
        }
        for (ExamTask retrieval : plan.schedule(runId, question)) out.collect(retrieval);
    }
}
