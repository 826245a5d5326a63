package dev.sqlexam.suite;

import dev.sqlexam.sql.SqlParsing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The neighbours of one query as they are made, in the order they are made: each mutation is
 * applied to a fresh parse of the query's text and kept when it parses, differs from the query and
 * is new.
 */
final class NeighbourCollector {

    private final String body;
    private final String printed;
    private final Map<String, Neighbours.Neighbour> made = new LinkedHashMap<>();

    /** {@code body}: the query's text; {@code printed}: its parse printed back. */
    NeighbourCollector(String body, String printed) {
        this.body = body;
        this.printed = printed;
    }

    /**
     * Applies one mutation to a fresh parse of the query at site {@code index}; keeps it when it
     * parses, differs and is new.
     */
    void add(String mutation, boolean applies, int index, BiConsumer<QuerySites, Integer> change) {
        if (!applies) return;
        // a mutation the tree does not allow here: no neighbour
        SqlParsing.onTree(
                body,
                copy -> {
                    change.accept(QuerySites.of(copy), index);
                    String sql = copy.toString();
                    if (!sql.equals(printed) && !made.containsKey(sql))
                        made.put(sql, new Neighbours.Neighbour(mutation, sql));
                });
    }

    /** The first {@code max} neighbours made. */
    List<Neighbours.Neighbour> firstOf(int max) {
        List<Neighbours.Neighbour> list = new ArrayList<>(made.values());
        return list.size() > max ? list.subList(0, max) : list;
    }
}
