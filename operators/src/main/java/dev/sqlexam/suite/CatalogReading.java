package dev.sqlexam.suite;

import dev.sqlexam.schema.SchemaIntrospector;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * One reading of a database's schema from pg_catalog ({@link SuiteSchemaReader#read}): a query a
 * part (tables, schemas, enum types, columns, constraints, domains' checks, unique indexes, views),
 * each adding to what the table it belongs to (by oid) has so far.
 */
final class CatalogReading {

    private static final String USER_SCHEMAS =
            "n.nspname NOT IN "
                    + SchemaIntrospector.EXCLUDED_SCHEMAS
                    + " AND n.nspname NOT LIKE 'pg\\_temp%' AND n.nspname NOT LIKE 'pg\\_toast%'";

    private final Statement st;

    /** Schema and name of each table, by oid, in the order tables are made. */
    private final Map<Long, String[]> tableNames = new LinkedHashMap<>();

    private final Map<Long, List<SuiteSchema.Column>> columns = new HashMap<>();
    private final Map<Long, List<String>> constraints = new HashMap<>();
    private final Map<Long, List<String>> primaryKeys = new HashMap<>();
    private final Map<Long, List<List<String>>> keys = new HashMap<>();
    private final Map<Long, List<SuiteSchema.ForeignKey>> fks = new HashMap<>();
    private final Map<Long, List<String>> enumLabels = new HashMap<>();
    private final Set<String> schemas = new LinkedHashSet<>();
    private final List<String> preamble = new ArrayList<>();
    private final List<String> uniqueIndexes = new ArrayList<>();
    private final List<SuiteSchema.View> views = new ArrayList<>();

    CatalogReading(Statement st) {
        this.st = st;
    }

    SuiteSchema read() throws SQLException {
        readTables();
        readViewSchemas();
        for (String s : schemas)
            if (!s.equals("public"))
                preamble.add("CREATE SCHEMA IF NOT EXISTS " + SuiteSchema.quote(s));
        readEnums();
        readColumns();
        readConstraints();
        readDomainChecks();
        readUniqueIndexes();
        readViews();
        List<SuiteSchema.Table> tables = new ArrayList<>();
        for (var e : tableNames.entrySet()) {
            long oid = e.getKey();
            tables.add(
                    new SuiteSchema.Table(
                            e.getValue()[0],
                            e.getValue()[1],
                            columns.getOrDefault(oid, List.of()),
                            primaryKeys.getOrDefault(oid, List.of()),
                            keys.getOrDefault(oid, List.of()),
                            constraints.getOrDefault(oid, List.of()),
                            fks.getOrDefault(oid, List.of())));
        }
        return new SuiteSchema(preamble, tables, uniqueIndexes, views);
    }

    private void readTables() throws SQLException {
        try (ResultSet rs =
                st.executeQuery(
                        "SELECT c.oid, n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                                + "WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND "
                                + USER_SCHEMAS
                                + " ORDER BY n.nspname, c.relname")) {
            while (rs.next()) {
                tableNames.put(rs.getLong(1), new String[] {rs.getString(2), rs.getString(3)});
                schemas.add(rs.getString(2));
            }
        }
    }

    /** The schemas that hold views (or materialized views): made even when they hold no table. */
    private void readViewSchemas() throws SQLException {
        try (ResultSet rs =
                st.executeQuery(
                        "SELECT n.nspname FROM pg_namespace n WHERE "
                                + USER_SCHEMAS
                                + " AND EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = n.oid AND c.relkind IN ('v', 'm'))")) {
            while (rs.next()) schemas.add(rs.getString(1));
        }
    }

    private void readEnums() throws SQLException {
        try (ResultSet rs =
                st.executeQuery(
                        "SELECT t.oid, format_type(t.oid, NULL), array_agg(e.enumlabel::text ORDER BY e.enumsortorder) "
                                + "FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.oid ORDER BY 2")) {
            while (rs.next()) {
                List<String> labels = strings(rs.getArray(3));
                enumLabels.put(rs.getLong(1), labels);
                preamble.add(
                        "CREATE TYPE "
                                + rs.getString(2)
                                + " AS ENUM ("
                                + String.join(
                                        ", ",
                                        labels.stream().map(SuiteSchemaReader::literal).toList())
                                + ")");
            }
        }
    }

    /**
     * Domains become their base type; other types of the user's own (composite, range) become text.
     */
    private void readColumns() throws SQLException {
        try (ResultSet rs =
                st.executeQuery(
                        """
                SELECT a.attrelid, a.attname, a.atttypid,
                       CASE WHEN t.typtype = 'd' THEN format_type(t.typbasetype, t.typtypmod)
                            WHEN t.typtype = 'e' THEN format_type(a.atttypid, a.atttypmod)
                            WHEN tn.nspname <> 'pg_catalog' THEN 'text'
                            ELSE format_type(a.atttypid, a.atttypmod) END,
                       NOT a.attnotnull, CASE WHEN a.attgenerated = 's' THEN pg_get_expr(d.adbin, d.adrelid) END
                FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid JOIN pg_namespace tn ON tn.oid = t.typnamespace
                LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                WHERE a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attrelid, a.attnum""")) {
            while (rs.next()) {
                if (!tableNames.containsKey(rs.getLong(1))) continue;
                List<String> labels = enumLabels.get(rs.getLong(3));
                String type = rs.getString(4);
                columns.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>())
                        .add(
                                SuiteSchemaReader.column(
                                        rs.getString(2),
                                        type,
                                        labels,
                                        rs.getBoolean(5),
                                        rs.getString(6)));
            }
        }
    }

    /** Primary-key, unique, check and foreign-key constraints. */
    private void readConstraints() throws SQLException {
        try (ResultSet rs =
                st.executeQuery(
                        """
                SELECT k.conrelid, k.conname, k.contype, pg_get_constraintdef(k.oid),
                       ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, o) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.o),
                       k.confrelid,
                       ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, o) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.o)
                FROM pg_constraint k WHERE k.contype IN ('p', 'u', 'c', 'f') AND k.conrelid <> 0 ORDER BY k.conrelid, k.contype, k.conname""")) {
            while (rs.next()) {
                long table = rs.getLong(1);
                if (!tableNames.containsKey(table)) continue;
                String name = SuiteSchema.quote(rs.getString(2));
                String type = rs.getString(3);
                String definition = rs.getString(4);
                List<String> cols = strings(rs.getArray(5));
                if (type.equals("f")) {
                    foreignKey(
                            table, name, cols, rs.getLong(6), strings(rs.getArray(7)), definition);
                    continue;
                }
                constraints
                        .computeIfAbsent(table, k -> new ArrayList<>())
                        .add("CONSTRAINT " + name + " " + definition);
                if (type.equals("p")) {
                    primaryKeys.put(table, cols);
                    keys.computeIfAbsent(table, k -> new ArrayList<>()).add(0, cols);
                } else if (type.equals("u")) {
                    keys.computeIfAbsent(table, k -> new ArrayList<>()).add(cols);
                }
            }
        }
    }

    /** A foreign key to a table of the schema (one to a table not read is left out). */
    private void foreignKey(
            long table,
            String name,
            List<String> cols,
            long parentOid,
            List<String> parentColumns,
            String definition) {
        String[] parent = tableNames.get(parentOid);
        if (parent == null) return;
        fks.computeIfAbsent(table, k -> new ArrayList<>())
                .add(
                        new SuiteSchema.ForeignKey(
                                name,
                                cols,
                                SuiteSchema.quote(parent[0]) + "." + SuiteSchema.quote(parent[1]),
                                parentColumns,
                                definition));
    }

    /**
     * A domain's checks hold on each column of the domain: a suite database is a database of the
     * schema.
     */
    private void readDomainChecks() throws SQLException {
        try (ResultSet rs =
                st.executeQuery(
                        """
                SELECT a.attrelid, a.attname, k.conname, pg_get_constraintdef(k.oid)
                FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid AND t.typtype = 'd'
                JOIN pg_constraint k ON k.contypid = t.oid AND k.contype = 'c'
                WHERE a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attrelid, a.attnum, k.conname""")) {
            while (rs.next()) {
                if (!tableNames.containsKey(rs.getLong(1))) continue;
                String check =
                        rs.getString(4)
                                .replaceAll(
                                        "\\bVALUE\\b",
                                        Matcher.quoteReplacement(
                                                SuiteSchema.quote(rs.getString(2))));
                constraints
                        .computeIfAbsent(rs.getLong(1), k -> new ArrayList<>())
                        .add(
                                "CONSTRAINT "
                                        + SuiteSchema.quote(rs.getString(2) + "_" + rs.getString(3))
                                        + " "
                                        + check);
            }
        }
    }

    /**
     * Unique indexes no constraint stands for; those on plain columns without a predicate are keys
     * too.
     */
    private void readUniqueIndexes() throws SQLException {
        try (ResultSet rs =
                st.executeQuery(
                        """
                SELECT i.indrelid, pg_get_indexdef(i.indexrelid),
                       ARRAY(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY u(n, o) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = u.n ORDER BY u.o),
                       0 = ANY (i.indkey::int2[]) OR i.indpred IS NOT NULL
                FROM pg_index i WHERE i.indisunique
                  AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)""")) {
            while (rs.next()) {
                if (!tableNames.containsKey(rs.getLong(1))) continue;
                uniqueIndexes.add(rs.getString(2));
                if (!rs.getBoolean(4))
                    keys.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>())
                            .add(strings(rs.getArray(3)));
            }
        }
    }

    private void readViews() throws SQLException {
        try (ResultSet rs =
                st.executeQuery(
                        "SELECT n.nspname, c.relname, c.relkind = 'm', pg_get_viewdef(c.oid) FROM pg_class c "
                                + "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('v', 'm') AND "
                                + USER_SCHEMAS
                                + " ORDER BY c.oid")) {
            while (rs.next())
                views.add(
                        new SuiteSchema.View(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getBoolean(3),
                                rs.getString(4).replaceAll(";\\s*$", "")));
        }
    }

    private static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }
}
