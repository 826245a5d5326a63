package dev.sqlexam.retrieval;

import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalMetrics;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** What one retriever returned for a question: ranked tables and how it got them. */
public record RetrievalResult(String retriever, List<PacketTable> tables, RetrievalMetrics metrics)
        implements Serializable {

    public RetrievalResult {
        tables = new ArrayList<>(tables);
    }

    public List<String> tableNames() {
        return tables.stream().map(PacketTable::name).toList();
    }
}
