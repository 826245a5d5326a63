package dev.sqlexam.flink;

import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.SharingPlan;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * After retrieval: one task per group of variants that generate alike, per run, each with the
 * shared retrieval.
 */
public final class SplitByGeneration implements FlatMapFunction<RetrievalTask, RetrievalTask> {

    private final SharingPlan plan;

    public SplitByGeneration(SharingPlan plan) {
        this.plan = plan;
    }

    @Override
    public void flatMap(RetrievalTask retrieved, Collector<RetrievalTask> out) {
        for (var task : plan.splitForGeneration(retrieved.task()))
            out.collect(retrieved.withTask(task));
    }
}
