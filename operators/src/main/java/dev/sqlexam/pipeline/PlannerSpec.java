package dev.sqlexam.pipeline;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.prompt.JoinPlanner;

import java.io.Serializable;

/** The join planner stage: on or off, its options, and the keyed-state cache of FK subgraphs. */
public record PlannerSpec(boolean enabled, JoinPlanner.Options options, boolean cache, long ttlMs)
        implements Serializable {

    public static PlannerSpec from(Settings s) {
        return new PlannerSpec(
                s.get(SqlExamOptions.JOIN_PLANNER_ENABLED),
                JoinPlanner.Options.from(s),
                s.get(SqlExamOptions.FK_SUBGRAPH_CACHE_ENABLED),
                s.get(SqlExamOptions.FK_SUBGRAPH_TTL_MS));
    }
}
