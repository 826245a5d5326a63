package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows an evidence's rows reference in tables neither query reads (an employee's department, its cost center, …),
 * taken from the suite database, so that the evidence loads into a database of the schema with its foreign keys on.
 * They change neither query's result: neither reads them.
 */
final class WitnessParents {

    private WitnessParents() {}

    /** A copy of {@code tables} and {@code rows} with the referenced rows of other tables added, parents first. */
    static Evidence of(JdbcUrlTemplate admin, String database, SuiteSchema schema, List<SuiteSchema.Table> tables,
            Map<String, List<String[]>> rows) throws SQLException {
        Map<String, List<String[]>> out = new LinkedHashMap<>(rows);
        Set<String> present = new HashSet<>();
        tables.forEach(t -> present.add(t.qualified()));
        List<SuiteSchema.Table> pending = new ArrayList<>(tables);
        try (Connection c = DriverManager.getConnection(admin.forDatabase(database))) {
            while (!pending.isEmpty()) {
                SuiteSchema.Table child = pending.remove(0);
                for (SuiteSchema.ForeignKey fk : child.foreignKeys()) {
                    SuiteSchema.Table parent = schema.tables().stream().filter(t -> t.qualified().equals(fk.parent())).findFirst().orElse(null);
                    if (parent == null || tables.contains(parent)) continue;
                    Set<List<String>> wanted = new HashSet<>();
                    for (String[] row : out.getOrDefault(child.qualified(), List.of())) {
                        List<String> key = TableRows.values(row, child, fk.columns());
                        if (!key.contains(null)) wanted.add(key);
                    }
                    if (wanted.isEmpty()) continue;
                    List<String[]> kept = out.computeIfAbsent(parent.qualified(), k -> new ArrayList<>());
                    Set<List<String>> have = new HashSet<>();
                    for (String[] row : kept) have.add(TableRows.values(row, parent, fk.parentColumns()));
                    boolean added = false;
                    for (String[] row : TableRows.read(c, parent)) {
                        List<String> key = TableRows.values(row, parent, fk.parentColumns());
                        if (wanted.contains(key) && have.add(key)) {
                            kept.add(row);
                            added = true;
                        }
                    }
                    if (added || !present.contains(parent.qualified())) {
                        present.add(parent.qualified());
                        pending.add(parent);
                    }
                }
            }
        }
        List<SuiteSchema.Table> ordered = new ArrayList<>();
        for (SuiteSchema.Table t : schema.parentsFirst()) if (out.containsKey(t.qualified()) || tables.contains(t)) ordered.add(t);
        return new Evidence(ordered, out);
    }

    record Evidence(List<SuiteSchema.Table> tables, Map<String, List<String[]>> rows) {}
}
