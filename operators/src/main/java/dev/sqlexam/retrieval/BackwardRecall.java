package dev.sqlexam.retrieval;

import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.sql.SqlParsing;

import net.sf.jsqlparser.util.TablesNamesFinder;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pre-SQL backward recall (RSL-SQL, seed 004, PRE_SQL_ENABLED): the tables a sketch SQL names that
 * retrieval missed are looked up in the database's index and merged into the packet, with the FK
 * edges among all its tables, before the final generation.
 */
public final class BackwardRecall {

    private static final Pattern FROM_OR_JOIN =
            Pattern.compile(
                    "(?i)\\b(?:from|join)\\s+((?:\"[^\"]+\"|[\\w$]+)(?:\\s*\\.\\s*(?:\"[^\"]+\"|[\\w$]+))?)");

    /**
     * The merged packet, the tables it gained, and the sketch's names the database does not have
     * (CTEs, inventions).
     */
    public record Recall(
            SchemaContextPacket packet,
            List<String> added,
            List<String> unknown,
            Referenced named) {}

    private BackwardRecall() {}

    /**
     * The table names a SQL text refers to, and why they were scanned from FROM/JOIN clauses (null:
     * the parser read them).
     */
    public record Referenced(Set<String> tables, String scannedBecause) {}

    /**
     * Table names a SQL text refers to; falls back to FROM/JOIN scanning when the parser cannot
     * read it.
     */
    public static Set<String> tablesOf(String sql) {
        return referenced(sql).tables();
    }

    /** {@link #tablesOf}, saying when the names come from the FROM/JOIN scan. */
    public static Referenced referenced(String sql) {
        Set<String> out = new LinkedHashSet<>();
        try {
            out.addAll(TablesNamesFinder.findTables(sql));
            return new Referenced(out, null);
        } catch (Exception | Error unparsable) {
            Matcher m = FROM_OR_JOIN.matcher(sql);
            while (m.find()) out.add(m.group(1));
            return new Referenced(
                    out,
                    "JSqlParser could not read the sketch (" + SqlParsing.reason(unparsable) + ")");
        }
    }

    public static Recall recall(
            SchemaCatalog catalog, SchemaContextPacket packet, Set<String> referenced) {
        return recall(catalog, packet, new Referenced(referenced, null));
    }

    /** The packet with the tables {@code named} it lacks, and how those names were read. */
    public static Recall recall(
            SchemaCatalog catalog, SchemaContextPacket packet, Referenced named) {
        Set<String> referenced = named.tables();
        Set<String> names = new LinkedHashSet<>(packet.tableNames());
        List<PacketTable> tables = new ArrayList<>(packet.tables());
        List<String> modules = new ArrayList<>(packet.modules());
        List<String> added = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String raw : referenced) {
            String name = resolve(catalog, raw);
            if (name == null) {
                unknown.add(raw);
            } else if (names.add(name)) {
                RagStore.StoredTable t = catalog.tables().get(name);
                tables.add(
                        new PacketTable(name, t.module(), t.mSchema(), 0.0, PacketTable.PRE_SQL));
                if (!modules.contains(t.module())) modules.add(t.module());
                added.add(name);
            }
        }
        if (added.isEmpty()) return new Recall(packet, added, unknown, named);
        return new Recall(
                new SchemaContextPacket(
                        packet.databaseId(),
                        packet.strategy(),
                        tables,
                        catalog.edgesAmong(names),
                        modules,
                        packet.docChunks(),
                        packet.tableWarnings()),
                added,
                unknown,
                named);
    }

    /**
     * The catalog's name for a referenced table: exact, without quotes, without a public. prefix,
     * or case-insensitive.
     */
    static String resolve(SchemaCatalog catalog, String raw) {
        String name = raw.replace("\"", "").replaceAll("\\s*\\.\\s*", ".").strip();
        if (catalog.tables().containsKey(name)) return name;
        if (name.toLowerCase(Locale.ROOT).startsWith("public."))
            name = name.substring("public.".length());
        if (catalog.tables().containsKey(name)) return name;
        for (String t : catalog.tables().keySet()) if (t.equalsIgnoreCase(name)) return t;
        return null;
    }
}
