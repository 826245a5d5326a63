package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows an evidence's rows reference in tables neither query reads (an employee's department,
 * its cost center, …), taken from the suite database, so that the evidence loads into a database of
 * the schema with its foreign keys on. They change neither query's result: neither reads them.
 */
final class WitnessParents {

    private WitnessParents() {}

    /**
     * A copy of {@code tables} and {@code rows} with the referenced rows of other tables added,
     * parents first.
     */
    static Evidence of(
            JdbcUrlTemplate admin,
            String database,
            SuiteSchema schema,
            List<SuiteSchema.Table> tables,
            Map<String, List<String[]>> rows)
            throws SQLException {
        Map<String, List<String[]>> out = new LinkedHashMap<>(rows);
        Set<String> present = new HashSet<>();
        tables.forEach(t -> present.add(t.qualified()));
        List<SuiteSchema.Table> pending = new ArrayList<>(tables);
        try (Connection c = DriverManager.getConnection(admin.forDatabase(database))) {
            while (!pending.isEmpty()) {
                SuiteSchema.Table child = pending.remove(0);
                for (SuiteSchema.ForeignKey fk : child.foreignKeys()) {
                    SuiteSchema.Table parent =
                            schema.tables().stream()
                                    .filter(t -> t.qualified().equals(fk.parent()))
                                    .findFirst()
                                    .orElse(null);
                    if (parent == null || tables.contains(parent)) continue;
                    Set<List<String>> wanted = new HashSet<>();
                    for (String[] row : out.getOrDefault(child.qualified(), List.of())) {
                        List<String> key = TableRows.values(row, child, fk.columns());
                        if (!key.contains(null)) wanted.add(key);
                    }
                    if (wanted.isEmpty()) continue;
                    List<String[]> kept =
                            out.computeIfAbsent(parent.qualified(), k -> new ArrayList<>());
                    Set<List<String>> have = new HashSet<>();
                    for (String[] row : kept)
                        have.add(TableRows.values(row, parent, fk.parentColumns()));
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
        for (SuiteSchema.Table added : schema.tables()) {
            if (!tables.contains(added) && out.containsKey(added.qualified()))
                out.put(
                        added.qualified(),
                        repointed(added, out.get(added.qualified()), tables, out));
        }
        List<SuiteSchema.Table> ordered = new ArrayList<>();
        for (SuiteSchema.Table t : schema.parentsFirst())
            if (out.containsKey(t.qualified()) || tables.contains(t)) ordered.add(t);
        return new Evidence(ordered, out);
    }

    /**
     * The rows of a table neither query reads whose references into a table they read name a row
     * the evidence left out (a position's department, shrunk away): pointed at a row the evidence
     * keeps, or NULL where it has none. Neither query reads these rows, so no result changes;
     * adding the row left out instead could change both.
     */
    private static List<String[]> repointed(
            SuiteSchema.Table table,
            List<String[]> rows,
            List<SuiteSchema.Table> read,
            Map<String, List<String[]>> evidence) {
        List<String[]> out = new ArrayList<>(rows.size());
        Map<SuiteSchema.ForeignKey, Set<List<String>>> keys = new HashMap<>();
        for (String[] original : rows) {
            String[] row = original;
            for (SuiteSchema.ForeignKey fk : table.foreignKeys()) {
                SuiteSchema.Table parent =
                        read.stream()
                                .filter(t -> t.qualified().equals(fk.parent()))
                                .findFirst()
                                .orElse(null);
                if (parent == null) continue;
                List<String> ref = TableRows.values(row, table, fk.columns());
                if (ref.contains(null)) continue;
                List<String[]> parents = evidence.getOrDefault(parent.qualified(), List.of());
                if (keys.computeIfAbsent(fk, k -> parentKeys(parents, parent, fk)).contains(ref))
                    continue;
                boolean nullable = fk.columns().stream().allMatch(c -> table.column(c).nullable());
                if (parents.isEmpty() && !nullable) continue;
                row = row == original ? original.clone() : row;
                List<String> to =
                        parents.isEmpty()
                                ? null
                                : TableRows.values(parents.get(0), parent, fk.parentColumns());
                for (int i = 0; i < fk.columns().size(); i++)
                    row[table.columns().indexOf(table.column(fk.columns().get(i)))] =
                            to == null ? null : to.get(i);
            }
            out.add(row);
        }
        return out;
    }

    private static Set<List<String>> parentKeys(
            List<String[]> parents, SuiteSchema.Table parent, SuiteSchema.ForeignKey fk) {
        Set<List<String>> out = new HashSet<>();
        for (String[] p : parents) out.add(TableRows.values(p, parent, fk.parentColumns()));
        return out;
    }

    record Evidence(List<SuiteSchema.Table> tables, Map<String, List<String[]>> rows) {}
}
