package dev.sqlexam.suite;

import dev.sqlexam.suite.SuiteSchema.ForeignKey;
import dev.sqlexam.suite.SuiteSchema.Table;

import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A generated row's foreign keys: which parent row each points at (spread, crowds' lonely parents,
 * NULLs, self-references).
 */
final class RowReferences {

    private RowReferences() {}

    /**
     * Fills the row's foreign keys from parent rows ({@code earlier}: this table's rows made so
     * far, which a self-reference points at; the first row of a required self-reference points at
     * itself); false when a required reference has no parent to point at. {@code lonely} ≥ 0: that
     * many parents from the last, which the spread leaves without children, and never NULL (a
     * crowd's parent); -1: any parent the spread reaches.
     */
    static boolean references(
            Table table,
            String[] row,
            Map<String, Integer> index,
            Map<String, List<String[]>> parents,
            List<String[]> earlier,
            Map<String, Table> tables,
            RowGenerator.Profile profile,
            Random random,
            int lonely) {
        for (ForeignKey fk : table.foreignKeys()) {
            boolean self = fk.parent().equals(table.qualified());
            List<String[]> candidates =
                    self ? earlier : parents.getOrDefault(fk.parent(), List.of());
            Table parent = tables.get(fk.parent());
            boolean nullable = fk.columns().stream().allMatch(col -> table.column(col).nullable());
            if (self && !nullable && candidates.isEmpty()) candidates = List.<String[]>of(row);
            if (candidates.isEmpty()
                    || parent == null
                    || nullable && lonely < 0 && random.nextDouble() < profile.nullRate()) {
                if (!nullable) return false;
                for (String col : fk.columns()) row[index.get(col)] = null;
                continue;
            }
            // only the first part of the parents gets children: some parents have none, for LEFT
            // JOINs to find
            // a parent table's own crowd (its last rows, copies of one row) is no parent: children
            // gathering there would
            // join copies that share every value but the key
            int ordinary =
                    self || parent.foreignKeys().isEmpty()
                            ? candidates.size()
                            : Math.max(1, candidates.size() - profile.crowdRows());
            int reach = Math.max(1, (int) Math.ceil(ordinary * profile.spread()));
            // the last parents stay for the crowds, one each
            if (!profile.crowds().isEmpty())
                reach = Math.max(1, Math.min(reach, ordinary - profile.crowds().size()));
            String[] chosen =
                    lonely >= 0
                            ? candidates.get(Math.max(0, ordinary - 1 - lonely))
                            : candidates.get(random.nextInt(reach));
            for (int i = 0; i < fk.columns().size(); i++) {
                int parentColumn =
                        parent.columns().indexOf(parent.column(fk.parentColumns().get(i)));
                row[index.get(fk.columns().get(i))] = chosen[parentColumn];
            }
        }
        return true;
    }

    static boolean keyedByReferences(Table table) {
        return table.keys().stream()
                .anyMatch(
                        key ->
                                !key.isEmpty()
                                        && key.stream().allMatch(col -> isReference(table, col)));
    }

    static boolean isReference(Table table, String column) {
        return table.foreignKeys().stream().anyMatch(fk -> fk.columns().contains(column));
    }

    /** Neither in a key nor a reference: a column whose values no other row or table depends on. */
    static boolean plain(Table table, String column) {
        return !isReference(table, column)
                && table.keys().stream().noneMatch(k -> k.contains(column));
    }
}
