package dev.sqlexam.prompt;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.PacketTable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Column pruning (seed 002 §3c, COLUMN_PRUNING_ENABLED): per table, keeps the PK and FK columns,
 * the columns an FK of the packet points at, the columns the schema linker grounded in the
 * question, and the first {@code maxNonStructural} other columns by ordinal position; the rest
 * leave the prompt.
 */
public final class ColumnPruner {

    /** The seed's maxNonStructural. */
    public static final int DEFAULT_MAX_NON_STRUCTURAL = 5;

    private ColumnPruner() {}

    /** The packet's M-Schema lines, pruned; a line that cannot be parsed is kept whole. */
    public static List<String> prune(
            String question, List<PacketTable> tables, List<ForeignKey> fks, int maxNonStructural) {
        Set<String> keep = new HashSet<>();
        SchemaLinker.link(question, tables, fks)
                .linkedColumns()
                .forEach(l -> keep.add(l.table() + "." + l.column()));
        for (ForeignKey fk : fks) {
            fk.fromColumns().forEach(c -> keep.add(fk.fromTable() + "." + c));
            fk.toColumns().forEach(c -> keep.add(fk.toTable() + "." + c));
        }
        List<String> out = new ArrayList<>();
        for (PacketTable t : tables) out.add(prune(t.mSchema(), keep, maxNonStructural));
        return out;
    }

    /** One M-Schema line; {@code keep} holds {@code table.column} names that must stay. */
    static String prune(String mSchema, Set<String> keep, int maxNonStructural) {
        String table = MSchemaColumns.table(mSchema);
        List<MSchemaColumns.Col> cols = MSchemaColumns.parse(mSchema);
        if (cols.isEmpty()) return mSchema;
        List<MSchemaColumns.Col> kept = new ArrayList<>();
        int others = 0;
        for (MSchemaColumns.Col c : cols) {
            boolean structural =
                    c.pk() || c.fkTable() != null || keep.contains(table + "." + c.name());
            if (structural) {
                kept.add(c);
            } else if (others < maxNonStructural) {
                kept.add(c);
                others++;
            }
        }
        return kept.size() == cols.size() ? mSchema : MSchemaColumns.render(table, kept);
    }
}
