package dev.sqlexam.pipeline;

import dev.sqlexam.model.JoinPlan;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.prompt.FkGraph;
import dev.sqlexam.prompt.JoinPlanner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans each question's joins over the FK subgraph of its database and routed modules. Where the
 * subgraph comes from is the caller's: built each time ({@link #apply}), or kept per key (the Flink
 * operator's keyed state). The variants whose planner is off pass unchanged.
 */
public final class PlanJoinsStep implements SyncStep<RetrievalTask, RetrievalTask> {

    static final int REQUIRED_TABLES = 3;

    /** The FK subgraph a task's plan searches, and whether it came from a cache. */
    public record Subgraph(FkGraph graph, boolean cached) {}

    /** Finds the FK subgraph of a task's database and modules. */
    @FunctionalInterface
    public interface SubgraphLookup {
        Subgraph of(RetrievalTask task) throws Exception;
    }

    private final GraphSource graphs;
    private final Variants<PlannerSpec> planners;
    private final Map<String, JoinPlanner> byVariant = new HashMap<>();

    /** Opens {@code graphs}; closing the step closes it. */
    public PlanJoinsStep(GraphSource graphs, Variants<PlannerSpec> planners) {
        this.graphs = graphs;
        this.planners = planners;
        for (String variant : planners.names()) {
            PlannerSpec spec = planners.get(variant);
            if (spec.enabled()) byVariant.put(variant, new JoinPlanner(spec.options()));
        }
        graphs.open();
    }

    /**
     * How long a kept subgraph lives: the longest time to live of the variants that plan, {@code
     * orElse} when none does.
     */
    public long subgraphTtlMs(long orElse) {
        return planners.values().stream()
                .filter(PlannerSpec::enabled)
                .mapToLong(PlannerSpec::ttlMs)
                .max()
                .orElse(orElse);
    }

    /**
     * Whether the task's variant plans joins and keeps its subgraphs (FK_SUBGRAPH_CACHE_ENABLED).
     */
    public boolean caches(RetrievalTask task) {
        return byVariant.containsKey(task.task().variant()) && planners.of(task.task()).cache();
    }

    /** The subgraph of a task's database and modules, built now. */
    public FkGraph build(RetrievalTask task) throws Exception {
        return graphs.graph(task.task().question().db(), task.packet().modules());
    }

    @Override
    public RetrievalTask apply(RetrievalTask task) {
        return plan(task, t -> new Subgraph(build(t), false));
    }

    /** One task's join plan over the subgraph {@code subgraphs} finds; never throws. */
    public RetrievalTask plan(RetrievalTask task, SubgraphLookup subgraphs) {
        long start = System.nanoTime();
        JoinPlanner planner = byVariant.get(task.task().variant());
        if (planner == null) return task;
        if (task.packet() == null || task.packet().tables().size() < 2) {
            return task.withPlan(
                    JoinPlan.none(List.of(), "fewer than two tables"),
                    StageTrace.ok(Stage.PLAN_JOINS, 0, "no join needed"));
        }
        try {
            Subgraph graph = subgraphs.of(task);
            JoinPlan plan = planner.plan(graph.graph(), requiredTables(task));
            long ms = (System.nanoTime() - start) / 1_000_000;
            return task.withPlan(
                    plan,
                    StageTrace.ok(
                            Stage.PLAN_JOINS,
                            ms,
                            (graph.cached() ? "subgraph cached, " : "subgraph built, ")
                                    + plan.paths().size()
                                    + " path(s)"
                                    + (plan.note() == null ? "" : ": " + plan.note())));
        } catch (Exception e) {
            return task.withPlan(
                    JoinPlan.none(List.of(), e.getMessage()),
                    StageTrace.infraFailure(
                            Stage.PLAN_JOINS,
                            (System.nanoTime() - start) / 1_000_000,
                            e.getMessage()));
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
