package dev.sqlexam.pipeline;

import dev.sqlexam.prompt.FkGraph;

import java.io.Serializable;
import java.util.List;

/**
 * Builds the FK subgraph of a database's modules (the expensive part the planner caches in keyed
 * state).
 */
public interface GraphSource extends Serializable, AutoCloseable {

    void open();

    FkGraph graph(String database, List<String> modules) throws Exception;

    @Override
    default void close() {}
}
