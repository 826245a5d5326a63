package dev.sqlexam.retrieval;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.schema.ColumnInfo;
import dev.sqlexam.schema.DatabaseSchema;
import dev.sqlexam.schema.EmbedTexts;
import dev.sqlexam.schema.TableInfo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an index run must do: the entities of a schema, split into those to embed and those
 * unchanged.
 */
public record IndexPlan(
        List<IndexEntity> all,
        List<IndexEntity> toEmbed,
        List<IndexEntity> unchanged,
        Set<String> staleKeys) {

    public static List<IndexEntity> entities(DatabaseSchema schema, String model) {
        List<IndexEntity> out = new ArrayList<>();
        Set<String> publicNames = new HashSet<>();
        for (TableInfo t : schema.tables())
            if ("public".equals(t.schema())) publicNames.add(t.name());
        for (TableInfo t : schema.tables()) {
            boolean shadowed = !"public".equals(t.schema()) && publicNames.contains(t.name());
            List<ForeignKey> outgoing =
                    schema.foreignKeys().stream()
                            .filter(fk -> fk.fromTable().equals(t.qualifiedName()))
                            .toList();
            out.add(
                    IndexEntity.of(
                            schema.databaseId(),
                            "table",
                            t.schema(),
                            t.name(),
                            "",
                            new IndexEntity.SearchTraits(t.module(), false, shadowed),
                            new IndexEntity.Texts(
                                    EmbedTexts.stableTableText(t),
                                    EmbedTexts.mSchemaCompact(t),
                                    EmbedTexts.legacyTableText(t, outgoing),
                                    EmbedTexts.tableSearchText(t)),
                            model));
            for (ColumnInfo c : t.columns()) {
                out.add(
                        IndexEntity.of(
                                schema.databaseId(),
                                "column",
                                t.schema(),
                                t.name(),
                                c.name(),
                                new IndexEntity.SearchTraits(
                                        t.module(), EmbedTexts.isGeneric(t, c), shadowed),
                                new IndexEntity.Texts(
                                        EmbedTexts.stableColumnText(t, c),
                                        EmbedTexts.mSchemaCompact(t),
                                        EmbedTexts.legacyColumnText(t, c),
                                        EmbedTexts.columnSearchText(t, c)),
                                model));
            }
        }
        return out;
    }

    /** {@code stored}: key → text hash of what the index holds now. */
    public static IndexPlan of(List<IndexEntity> entities, Map<String, String> stored) {
        List<IndexEntity> toEmbed = new ArrayList<>();
        List<IndexEntity> unchanged = new ArrayList<>();
        Set<String> present = new HashSet<>();
        for (IndexEntity e : entities) {
            present.add(e.key());
            if (e.textHash().equals(stored.get(e.key()))) unchanged.add(e);
            else toEmbed.add(e);
        }
        Set<String> stale = new HashSet<>(stored.keySet());
        stale.removeAll(present);
        return new IndexPlan(entities, toEmbed, unchanged, stale);
    }
}
