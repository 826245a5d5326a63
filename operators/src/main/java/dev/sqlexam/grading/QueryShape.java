package dev.sqlexam.grading;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A whole query as the comparison reads it: its top node, its CTEs, and every SELECT block in it
 * (subqueries and set operations' branches included), whose tables, join equalities and conditions
 * are compared over the whole query, wherever a rewrite moved them.
 */
record QueryShape(ShapeNode root, List<ShapeNode> ctes, List<SelectBlock> blocks) {

    /** The tables the query reads, each once; derived tables and CTEs are not tables. */
    Set<String> tables() {
        Set<String> out = new LinkedHashSet<>();
        for (TableUse use : tableUses())
            if (!SqlNames.placeholder(use.table())) out.add(use.table());
        return out;
    }

    List<TableUse> tableUses() {
        List<TableUse> out = new ArrayList<>();
        for (SelectBlock block : blocks) out.addAll(block.tables);
        return out;
    }

    List<Condition> conditions() {
        List<Condition> out = new ArrayList<>();
        for (SelectBlock block : blocks) out.addAll(block.conditions);
        return out;
    }

    List<JoinEquality> joins() {
        List<JoinEquality> out = new ArrayList<>();
        for (SelectBlock block : blocks) out.addAll(block.joins);
        return out;
    }
}
