package dev.sqlexam.flink;

import dev.sqlexam.model.Stage;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.prompt.FkGraph;
import dev.sqlexam.model.JoinPlan;
import dev.sqlexam.prompt.JoinPlanner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Plans joins for each question after keyBy(database, routed modules). The FK subgraph of the key's
 * modules is built once and kept in keyed state with a TTL (FK_SUBGRAPH_CACHE_ENABLED), so later
 * questions on the same modules reuse it; hits and misses are Flink metrics and accumulators.
 */
public final class PlanJoins extends KeyedProcessFunction<String, RetrievalTask, RetrievalTask> {

    public static final String HITS = "sqlexam.subgraph_cache_hits";
    public static final String MISSES = "sqlexam.subgraph_cache_misses";
    static final int REQUIRED_TABLES = 3;

    private final GraphSource graphs;
    private final Variants<PlannerSpec> planners;
    private transient ValueState<FkGraph> subgraph;
    private transient Map<String, JoinPlanner> byVariant;
    private transient Counter hitMetric;
    private transient Counter missMetric;
    private transient LongCounter hits;
    private transient LongCounter misses;

    /** Plans for the variants whose planner is on; the others' tasks pass unchanged. */
    public PlanJoins(GraphSource graphs, Variants<PlannerSpec> planners) {
        this.graphs = graphs;
        this.planners = planners;
    }

    @Override
    public void open(OpenContext openContext) {
        ValueStateDescriptor<FkGraph> descriptor = new ValueStateDescriptor<>("fk-subgraph", FkGraph.class);
        Duration ttl = Duration.ofMillis(planners.values().stream().filter(PlannerSpec::enabled).mapToLong(PlannerSpec::ttlMs).max()
                .orElse(3_600_000L));
        descriptor.enableTimeToLive(StateTtlConfig.newBuilder(ttl).setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired).build());
        subgraph = getRuntimeContext().getState(descriptor);
        byVariant = new HashMap<>();
        for (String variant : planners.names()) {
            PlannerSpec spec = planners.get(variant);
            if (spec.enabled()) byVariant.put(variant, new JoinPlanner(spec.options()));
        }
        hitMetric = getRuntimeContext().getMetricGroup().counter("subgraphCacheHits");
        missMetric = getRuntimeContext().getMetricGroup().counter("subgraphCacheMisses");
        hits = getRuntimeContext().getLongCounter(HITS);
        misses = getRuntimeContext().getLongCounter(MISSES);
        graphs.open();
    }

    /** The FK subgraph a task's plan searches, and whether it came from the cache. */
    public record Subgraph(FkGraph graph, boolean cached) {}

    /** Finds the FK subgraph of a task's database and modules. */
    @FunctionalInterface
    public interface SubgraphLookup {
        Subgraph of(RetrievalTask task) throws Exception;
    }

    @Override
    public void processElement(RetrievalTask task, Context ctx, Collector<RetrievalTask> out) {
        JoinPlanner planner = byVariant.get(task.task().variant());
        boolean cacheEnabled = planner != null && planners.of(task.task()).cache();
        out.collect(plan(task, planner, t -> {
            FkGraph cached = cacheEnabled ? subgraph.value() : null;
            if (cached != null) {
                hits.add(1L);
                hitMetric.inc();
                return new Subgraph(cached, true);
            }
            FkGraph built = graphs.graph(t.task().question().db(), t.packet().modules());
            if (cacheEnabled) subgraph.update(built);
            misses.add(1L);
            missMetric.inc();
            return new Subgraph(built, false);
        }));
    }

    /** One task's join plan (a null planner: the variant plans none, the task passes unchanged); never throws. */
    public static RetrievalTask plan(RetrievalTask task, JoinPlanner planner, SubgraphLookup subgraphs) {
        long start = System.nanoTime();
        if (planner == null) return task;
        if (task.packet() == null || task.packet().tables().size() < 2) {
            return task.withPlan(JoinPlan.none(List.of(), "fewer than two tables"), StageTrace.ok(Stage.PLAN_JOINS, 0, "no join needed"));
        }
        try {
            Subgraph graph = subgraphs.of(task);
            JoinPlan plan = planner.plan(graph.graph(), requiredTables(task));
            long ms = (System.nanoTime() - start) / 1_000_000;
            return task.withPlan(plan, StageTrace.ok(Stage.PLAN_JOINS, ms, (graph.cached() ? "subgraph cached, " : "subgraph built, ")
                    + plan.paths().size() + " path(s)" + (plan.note() == null ? "" : ": " + plan.note())));
        } catch (Exception e) {
            return task.withPlan(JoinPlan.none(List.of(), e.getMessage()), StageTrace.infraFailure(Stage.PLAN_JOINS, (System.nanoTime() - start) / 1_000_000, e.getMessage()));
        }
    }

    /** The best-scored tables the search found (not FK expansions): what the question is about. */
    static List<String> requiredTables(RetrievalTask task) {
        List<String> out = new ArrayList<>();
        for (PacketTable t : task.packet().tables()) {
            if (out.size() >= REQUIRED_TABLES) break;
            if (!PacketTable.FK_EXPANSION.equals(t.source())) out.add(t.name());
        }
        return out;
    }

    @Override
    public void close() {
        graphs.close();
    }
}
