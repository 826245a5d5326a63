package dev.sqlexam.flink;

import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.pipeline.SharingPlan;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * After generation: one task per variant, each with the shared candidates, to be evaluated and
 * graded on its own options.
 */
public final class SplitByVariant implements FlatMapFunction<GeneratedTask, GeneratedTask> {

    private final SharingPlan plan;

    public SplitByVariant(SharingPlan plan) {
        this.plan = plan;
    }

    @Override
    public void flatMap(GeneratedTask generated, Collector<GeneratedTask> out) {
        for (var task : plan.splitForVariants(generated.task()))
            out.collect(generated.withTask(task));
    }
}
