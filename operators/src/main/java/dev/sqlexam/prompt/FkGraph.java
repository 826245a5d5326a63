package dev.sqlexam.prompt;

import dev.sqlexam.model.ForeignKey;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A bidirectional FK graph over a set of tables, with each table's module: what the join planner
 * searches. Every directed step remembers its foreign key and whether it goes child → parent.
 */
public final class FkGraph implements Serializable {

    /** One traversable step: from a table to a neighbour along a foreign key. */
    public record Step(String from, String to, ForeignKey fk, boolean childToParent)
            implements Serializable {}

    private final Map<String, String> modules;
    private final Map<String, List<Step>> adjacency = new LinkedHashMap<>();

    public FkGraph(Map<String, String> tableModules, List<ForeignKey> foreignKeys) {
        this.modules = new LinkedHashMap<>(tableModules);
        for (ForeignKey fk : foreignKeys) {
            if (fk.fromTable().equals(fk.toTable())
                    || !modules.containsKey(fk.fromTable())
                    || !modules.containsKey(fk.toTable())) continue;
            adjacency
                    .computeIfAbsent(fk.fromTable(), k -> new ArrayList<>())
                    .add(new Step(fk.fromTable(), fk.toTable(), fk, true));
            adjacency
                    .computeIfAbsent(fk.toTable(), k -> new ArrayList<>())
                    .add(new Step(fk.toTable(), fk.fromTable(), fk, false));
        }
    }

    /** The subgraph of the tables in the given modules (null: all). */
    public static FkGraph of(
            Map<String, String> tableModules, List<ForeignKey> foreignKeys, Set<String> modules) {
        Map<String, String> kept = new HashMap<>();
        tableModules.forEach(
                (t, m) -> {
                    if (modules == null || modules.contains(m)) kept.put(t, m);
                });
        return new FkGraph(kept, foreignKeys);
    }

    public List<Step> steps(String table) {
        return adjacency.getOrDefault(table, List.of());
    }

    public int degree(String table) {
        return steps(table).size();
    }

    public boolean contains(String table) {
        return modules.containsKey(table);
    }

    public String module(String table) {
        return modules.get(table);
    }

    public int size() {
        return modules.size();
    }
}
