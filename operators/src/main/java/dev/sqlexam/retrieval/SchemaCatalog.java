package dev.sqlexam.retrieval;

import dev.sqlexam.model.ForeignKey;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An indexed database in memory: its tables (module, M-Schema) and FK graph, for expansion and
 * packets.
 */
public final class SchemaCatalog {

    private final String databaseId;
    private final Map<String, RagStore.StoredTable> tables;
    private final List<ForeignKey> foreignKeys;
    private final Map<String, Set<String>> neighbours = new HashMap<>();

    public SchemaCatalog(
            String databaseId,
            Map<String, RagStore.StoredTable> tables,
            List<ForeignKey> foreignKeys) {
        this.databaseId = databaseId;
        this.tables = tables;
        this.foreignKeys = foreignKeys;
        for (ForeignKey fk : foreignKeys) {
            if (fk.fromTable().equals(fk.toTable())) continue;
            neighbours
                    .computeIfAbsent(fk.fromTable(), k -> new LinkedHashSet<>())
                    .add(fk.toTable());
            neighbours
                    .computeIfAbsent(fk.toTable(), k -> new LinkedHashSet<>())
                    .add(fk.fromTable());
        }
    }

    public String databaseId() {
        return databaseId;
    }

    public Map<String, RagStore.StoredTable> tables() {
        return tables;
    }

    public Set<String> neighbours(String table) {
        return neighbours.getOrDefault(table, Set.of());
    }

    /** Tables this table references by foreign key (its parents). */
    public Set<String> parents(String table) {
        Set<String> out = new LinkedHashSet<>();
        for (ForeignKey fk : foreignKeys)
            if (fk.fromTable().equals(table) && !fk.toTable().equals(table)) out.add(fk.toTable());
        return out;
    }

    public int degree(String table) {
        return neighbours(table).size();
    }

    public List<String> modules() {
        return tables.values().stream()
                .map(RagStore.StoredTable::module)
                .distinct()
                .sorted(Comparator.naturalOrder())
                .toList();
    }

    /** Join conditions of the FKs whose both ends are in the given set. */
    public List<ForeignKey> edgesAmong(Set<String> selected) {
        List<ForeignKey> out = new ArrayList<>();
        for (ForeignKey fk : foreignKeys) {
            if (selected.contains(fk.fromTable()) && selected.contains(fk.toTable())) out.add(fk);
        }
        return out;
    }

    /** Every foreign key of the database. */
    public List<ForeignKey> foreignKeys() {
        return foreignKeys;
    }
}
