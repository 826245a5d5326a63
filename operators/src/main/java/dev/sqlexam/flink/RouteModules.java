package dev.sqlexam.flink;

import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.RouteStep;
import dev.sqlexam.pipeline.StepOpener;

/** The {@link RouteStep} as an operator: each question routed to at most three modules. */
public final class RouteModules extends SyncStepFunction<RetrievalTask, RetrievalTask> {

    public RouteModules(StepOpener<RouteStep> opener) {
        super(opener);
    }
}
