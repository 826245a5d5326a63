package dev.sqlexam.flink;

import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.pipeline.PlanJoinsStep;
import dev.sqlexam.pipeline.StepOpener;
import dev.sqlexam.prompt.FkGraph;

import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

import java.time.Duration;

/**
 * The {@link PlanJoinsStep} after keyBy(database, routed modules). The FK subgraph of the key's
 * modules is built once and kept in keyed state with a TTL (FK_SUBGRAPH_CACHE_ENABLED), so later
 * questions on the same modules reuse it; hits and misses are Flink metrics and accumulators.
 */
public final class PlanJoins extends KeyedProcessFunction<String, RetrievalTask, RetrievalTask> {

    public static final String HITS = "sqlexam.subgraph_cache_hits";
    public static final String MISSES = "sqlexam.subgraph_cache_misses";
    private static final long DEFAULT_TTL_MS = 3_600_000L;

    private final StepOpener<PlanJoinsStep> opener;
    private transient PlanJoinsStep step;
    private transient ValueState<FkGraph> subgraph;
    private transient Counter hitMetric;
    private transient Counter missMetric;
    private transient LongCounter hits;
    private transient LongCounter misses;

    /** Plans for the variants whose planner is on; the others' tasks pass unchanged. */
    public PlanJoins(StepOpener<PlanJoinsStep> opener) {
        this.opener = opener;
    }

    @Override
    public void open(OpenContext openContext) {
        step = opener.open(getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks());
        ValueStateDescriptor<FkGraph> descriptor =
                new ValueStateDescriptor<>("fk-subgraph", FkGraph.class);
        Duration ttl = Duration.ofMillis(step.subgraphTtlMs(DEFAULT_TTL_MS));
        descriptor.enableTimeToLive(
                StateTtlConfig.newBuilder(ttl)
                        .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                        .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                        .build());
        subgraph = getRuntimeContext().getState(descriptor);
        hitMetric = getRuntimeContext().getMetricGroup().counter("subgraphCacheHits");
        missMetric = getRuntimeContext().getMetricGroup().counter("subgraphCacheMisses");
        hits = getRuntimeContext().getLongCounter(HITS);
        misses = getRuntimeContext().getLongCounter(MISSES);
    }

    @Override
    public void processElement(RetrievalTask task, Context ctx, Collector<RetrievalTask> out) {
        boolean cacheEnabled = step.caches(task);
        out.collect(
                step.plan(
                        task,
                        t -> {
                            FkGraph cached = cacheEnabled ? subgraph.value() : null;
                            if (cached != null) {
                                hits.add(1L);
                                hitMetric.inc();
                                return new PlanJoinsStep.Subgraph(cached, true);
                            }
                            FkGraph built = step.build(t);
                            if (cacheEnabled) subgraph.update(built);
                            misses.add(1L);
                            missMetric.inc();
                            return new PlanJoinsStep.Subgraph(built, false);
                        }));
    }

    @Override
    public void close() {
        if (step != null) step.close();
    }
}
