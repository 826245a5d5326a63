package dev.sqlexam.suite.independent;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tables of a database's {@code public} schema as this package needs them (read from
 * pg_catalog, written for these tests, independent of the suite package's schema reader): columns
 * with their type (a domain's base type named too), enum labels, NOT NULL, defaults, the primary
 * key, unique column sets and foreign keys.
 */
record Catalog(Map<String, Table> tables) {

    record Column(
            String name,
            String type,
            String baseType,
            boolean notNull,
            boolean hasDefault,
            List<String> enumLabels) {

        /** A coarse family of the base type: int, num, float, text, date, ts, bool, enum, other. */
        String family() {
            if (!enumLabels.isEmpty()) return "enum";
            return switch (baseType) {
                case "int2", "int4", "int8" -> "int";
                case "numeric" -> "num";
                case "float4", "float8" -> "float";
                case "text", "varchar", "bpchar", "name" -> "text";
                case "date" -> "date";
                case "timestamp", "timestamptz" -> "ts";
                case "bool" -> "bool";
                default -> "other";
            };
        }
    }

    record ForeignKey(List<String> columns, String refTable, List<String> refColumns) {}

    record Table(
            String name,
            List<Column> columns,
            List<String> primaryKey,
            List<List<String>> uniques,
            List<ForeignKey> foreignKeys) {

        Column column(String name) {
            return columns.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
        }

        /**
         * Foreign keys to other tables whose columns are all NOT NULL (they decide the order tables
         * are filled in).
         */
        List<ForeignKey> requiredParents() {
            return foreignKeys.stream()
                    .filter(
                            f ->
                                    !f.refTable().equals(name)
                                            && f.columns().stream()
                                                    .allMatch(c -> column(c).notNull()))
                    .toList();
        }
    }

    static Catalog read(Connection c) throws SQLException {
        Map<String, List<Column>> columns = new LinkedHashMap<>();
        try (PreparedStatement st =
                        c.prepareStatement(
                                """
                SELECT cl.relname::text, a.attname::text, t.typname::text, coalesce(bt.typname, t.typname)::text, a.attnotnull,
                       a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '',
                       coalesce((SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid), '{}'::text[])
                FROM pg_class cl JOIN pg_namespace n ON n.oid = cl.relnamespace
                JOIN pg_attribute a ON a.attrelid = cl.oid AND a.attnum > 0 AND NOT a.attisdropped
                JOIN pg_type t ON t.oid = a.atttypid LEFT JOIN pg_type bt ON bt.oid = t.typbasetype AND t.typtype = 'd'
                WHERE n.nspname = 'public' AND cl.relkind IN ('r', 'p') ORDER BY cl.relname, a.attnum""");
                ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                columns.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                        .add(
                                new Column(
                                        rs.getString(2),
                                        rs.getString(3),
                                        rs.getString(4),
                                        rs.getBoolean(5),
                                        rs.getBoolean(6),
                                        List.of((String[]) rs.getArray(7).getArray())));
            }
        }
        Map<String, List<String>> pks = new LinkedHashMap<>();
        Map<String, List<List<String>>> uniques = new LinkedHashMap<>();
        Map<String, List<ForeignKey>> fks = new LinkedHashMap<>();
        try (PreparedStatement st =
                        c.prepareStatement(
                                """
                SELECT cl.relname::text, con.contype::text,
                       (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(n, ord)
                        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n),
                       rc.relname::text,
                       (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(n, ord)
                        JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n)
                FROM pg_constraint con JOIN pg_class cl ON cl.oid = con.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
                LEFT JOIN pg_class rc ON rc.oid = con.confrelid
                WHERE n.nspname = 'public' AND con.contype IN ('p', 'u', 'f') ORDER BY cl.relname, con.conname""");
                ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                String table = rs.getString(1);
                List<String> cols = List.of((String[]) rs.getArray(3).getArray());
                switch (rs.getString(2)) {
                    case "p" -> pks.put(table, cols);
                    case "u" -> uniques.computeIfAbsent(table, k -> new ArrayList<>()).add(cols);
                    default ->
                            fks.computeIfAbsent(table, k -> new ArrayList<>())
                                    .add(
                                            new ForeignKey(
                                                    cols,
                                                    rs.getString(4),
                                                    List.of((String[]) rs.getArray(5).getArray())));
                }
            }
        }
        Map<String, Table> tables = new LinkedHashMap<>();
        columns.forEach(
                (t, cols) ->
                        tables.put(
                                t,
                                new Table(
                                        t,
                                        cols,
                                        pks.getOrDefault(t, List.of()),
                                        uniques.getOrDefault(t, List.of()),
                                        fks.getOrDefault(t, List.of()))));
        return new Catalog(tables);
    }

    /**
     * Tables with every table a NOT NULL foreign key needs before it (nullable references may point
     * forward: filled later).
     */
    List<Table> parentsFirst() {
        Set<String> done = new LinkedHashSet<>();
        List<Table> out = new ArrayList<>();
        boolean progress = true;
        while (done.size() < tables.size() && progress) {
            progress = false;
            for (Table t : tables.values()) {
                if (done.contains(t.name())) continue;
                if (t.requiredParents().stream().allMatch(f -> done.contains(f.refTable()))) {
                    done.add(t.name());
                    out.add(t);
                    progress = true;
                }
            }
        }
        for (Table t : tables.values())
            if (!done.contains(t.name())) out.add(t); // a cycle of NOT NULL keys: left as it comes
        return out;
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }
}
