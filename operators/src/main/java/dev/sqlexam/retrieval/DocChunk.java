package dev.sqlexam.retrieval;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A piece of a table's documentation (seed 001): overview, column, query, relationship or example.
 */
public record DocChunk(
        String table,
        String chunkType,
        String column,
        String content,
        List<String> relatedTables,
        int tokens)
        implements Serializable {

    public DocChunk {
        relatedTables = new ArrayList<>(relatedTables);
    }
}
