package dev.sqlexam.schema;

import dev.sqlexam.model.ForeignKey;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads tables, columns, types, keys, comments and row estimates of every non-system schema of a
 * PostgreSQL database from pg_catalog. Works on any database: no FKs, no comments, quoted
 * mixed-case names and many schemas are all fine.
 */
public final class SchemaIntrospector {

    /** The schemas that are never the user's: PostgreSQL's own and sqlexam's migration stamp. */
    public static final String EXCLUDED_SCHEMAS =
            "('pg_catalog', 'information_schema', 'pg_toast', 'sqlexam_meta')";

    private static final String TABLES =
            """
            SELECT c.oid, n.nspname, c.relname, obj_description(c.oid, 'pg_class'), GREATEST(c.reltuples, 0)::bigint
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
              AND n.nspname NOT IN """
                    + EXCLUDED_SCHEMAS
                    + " AND n.nspname NOT LIKE 'pg\\_temp%' ORDER BY n.nspname, c.relname";

    private static final String FOREIGN_KEYS =
            """
            SELECT k.conrelid, fn.nspname, f.relname,
                   ARRAY(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(n, o) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.o),
                   ARRAY(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY u(n, o) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.o)
            FROM pg_constraint k JOIN pg_class f ON f.oid = k.confrelid JOIN pg_namespace fn ON fn.oid = f.relnamespace
            WHERE k.contype = 'f' ORDER BY k.conrelid, k.conname""";

    private static final String COLUMNS =
            """
            SELECT a.attrelid, a.attname, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull,
                   col_description(a.attrelid, a.attnum),
                   EXISTS (SELECT 1 FROM pg_constraint p WHERE p.conrelid = a.attrelid AND p.contype = 'p' AND a.attnum = ANY (p.conkey))
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
              AND n.nspname NOT IN """
                    + EXCLUDED_SCHEMAS
                    + " ORDER BY a.attrelid, a.attnum";

    private SchemaIntrospector() {}

    public static DatabaseSchema introspect(Connection c, String databaseId, ModuleAssigner modules)
            throws SQLException {
        Map<Long, TableInfo> tables = new LinkedHashMap<>();
        Map<Long, List<ColumnInfo>> columns = new HashMap<>();
        try (Statement st = c.createStatement()) {
            readTables(st, tables, columns);
            Map<String, String[]> fkByColumn = new HashMap<>();
            List<ForeignKey> fks = readForeignKeys(st, tables, fkByColumn);
            readColumns(st, columns, fkByColumn);
            List<TableInfo> result = new ArrayList<>();
            for (var e : tables.entrySet()) {
                TableInfo t = e.getValue();
                TableInfo full =
                        new TableInfo(
                                t.schema(),
                                t.name(),
                                t.comment(),
                                t.rowEstimate(),
                                null,
                                columns.get(e.getKey()));
                result.add(full.withModule(modules.moduleOf(full)));
            }
            return new DatabaseSchema(databaseId, result, fks);
        }
    }

    /** The user's tables by oid, each with an empty list of columns in {@code columns}. */
    private static void readTables(
            Statement st, Map<Long, TableInfo> tables, Map<Long, List<ColumnInfo>> columns)
            throws SQLException {
        try (ResultSet rs = st.executeQuery(TABLES)) {
            while (rs.next()) {
                tables.put(
                        rs.getLong(1),
                        new TableInfo(
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getLong(5),
                                null,
                                List.of()));
                columns.put(rs.getLong(1), new ArrayList<>());
            }
        }
    }

    /**
     * The foreign keys of the user's tables; each single-column one's target also in {@code
     * fkByColumn}, keyed by "oid.column" (the first key on a column wins).
     */
    private static List<ForeignKey> readForeignKeys(
            Statement st, Map<Long, TableInfo> tables, Map<String, String[]> fkByColumn)
            throws SQLException {
        List<ForeignKey> fks = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(FOREIGN_KEYS)) {
            while (rs.next()) {
                TableInfo from = tables.get(rs.getLong(1));
                if (from == null) continue;
                String to = TableInfo.qualify(rs.getString(2), rs.getString(3));
                List<String> fromCols = Arrays.asList((String[]) rs.getArray(4).getArray());
                List<String> toCols = Arrays.asList((String[]) rs.getArray(5).getArray());
                fks.add(new ForeignKey(from.qualifiedName(), fromCols, to, toCols));
                if (fromCols.size() == 1)
                    fkByColumn.putIfAbsent(
                            rs.getLong(1) + "." + fromCols.get(0),
                            new String[] {to, toCols.get(0)});
            }
        }
        return fks;
    }

    private static void readColumns(
            Statement st, Map<Long, List<ColumnInfo>> columns, Map<String, String[]> fkByColumn)
            throws SQLException {
        try (ResultSet rs = st.executeQuery(COLUMNS)) {
            while (rs.next()) {
                List<ColumnInfo> list = columns.get(rs.getLong(1));
                if (list == null) continue;
                String[] fk = fkByColumn.get(rs.getLong(1) + "." + rs.getString(2));
                list.add(
                        new ColumnInfo(
                                rs.getString(2),
                                rs.getString(3),
                                rs.getBoolean(4),
                                rs.getString(5),
                                rs.getBoolean(6),
                                fk == null ? null : fk[0],
                                fk == null ? null : fk[1]));
            }
        }
    }
}
