package dev.sqlexam.jobs.ask;

import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.prompt.Glosses;
import dev.sqlexam.retrieval.RagStore;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table as the prompt shows it: its M-Schema line from the retrieval index, the glossed line, its
 * module and foreign keys.
 */
public final class TableDescriptions {

    /**
     * One table's description; {@code glosses}: each column's gloss as the schema linker gives it.
     */
    public record Description(
            String db,
            String table,
            String module,
            String mSchema,
            String glossed,
            List<Glosses.Gloss> glosses,
            List<ForeignKey> foreignKeys) {}

    private final StateDatabase state;
    private final String model;

    TableDescriptions(StateDatabase state, String model) {
        this.state = state;
        this.model = model;
    }

    /** How many tables of each database the retrieval index holds (0: not indexed yet). */
    public Map<String, Integer> counts(List<String> databases) throws SQLException {
        Map<String, Integer> out = new LinkedHashMap<>();
        try (RagStore store = store()) {
            for (String db : databases) out.put(db, store.tables(db, model).size());
        }
        return out;
    }

    private RagStore store() {
        return RagStore.open(state, ConnectionPolicy.DEFAULT);
    }

    /**
     * The table {@code table} of {@code db} (as the index names it: {@code name}, or {@code
     * schema.name} outside public).
     */
    public Description describe(String db, String table) throws SQLException {
        try (RagStore store = store()) {
            Map<String, RagStore.StoredTable> tables = store.tables(db, model);
            if (tables.isEmpty())
                throw new IllegalArgumentException(
                        "database '"
                                + db
                                + "' is not indexed for "
                                + model
                                + " (ask it a question first, or ./sqlexam index --db "
                                + db
                                + ")");
            RagStore.StoredTable t = tables.get(table);
            if (t == null)
                t =
                        tables.values().stream()
                                .filter(s -> s.table().equalsIgnoreCase(table))
                                .findFirst()
                                .orElse(null);
            if (t == null) {
                throw new IllegalArgumentException(
                        "no table '"
                                + table
                                + "' in "
                                + db
                                + " ("
                                + tables.size()
                                + " tables, e.g. "
                                + String.join(", ", tables.keySet().stream().limit(8).toList())
                                + ")");
            }
            String name = t.table();
            List<ForeignKey> fks =
                    store.foreignKeys(db).stream()
                            .filter(fk -> fk.fromTable().equals(name) || fk.toTable().equals(name))
                            .toList();
            return new Description(
                    db,
                    name,
                    t.module(),
                    t.mSchema(),
                    Glosses.annotate(t.mSchema()),
                    Glosses.forTables(List.of(t.mSchema())),
                    fks);
        }
    }
}
