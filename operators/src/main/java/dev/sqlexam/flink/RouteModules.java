package dev.sqlexam.flink;

import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.RetrievalSpec;
import dev.sqlexam.pipeline.RouteStep;
import dev.sqlexam.pipeline.SyncStep;
import dev.sqlexam.pipeline.Variants;

/** The {@link RouteStep} as an operator: each question routed to at most three modules. */
public final class RouteModules extends SyncStepFunction<RetrievalTask, RetrievalTask> {

    private final Variants<RetrievalSpec> specs;

    public RouteModules(Variants<RetrievalSpec> specs) {
        this.specs = specs;
    }

    @Override
    protected SyncStep<RetrievalTask, RetrievalTask> openStep() {
        return new RouteStep(specs);
    }
}
