package dev.sqlexam.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The schema a question's prompt is built from: tables with their M-Schema, the FK edges among them
 * (as join conditions), the routed modules, the strategy that produced it, and any doc chunks.
 */
public record SchemaContextPacket(
        String databaseId,
        String strategy,
        List<PacketTable> tables,
        List<ForeignKey> fkEdges,
        List<String> modules,
        List<String> docChunks,
        List<String> tableWarnings)
        implements Serializable {

    public SchemaContextPacket {
        tables = new ArrayList<>(tables);
        fkEdges = new ArrayList<>(fkEdges);
        modules = new ArrayList<>(modules);
        docChunks = new ArrayList<>(docChunks);
        tableWarnings = tableWarnings == null ? new ArrayList<>() : new ArrayList<>(tableWarnings);
    }

    public List<String> tableNames() {
        return tables.stream().map(PacketTable::name).toList();
    }
}
