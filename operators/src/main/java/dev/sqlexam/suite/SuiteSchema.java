package dev.sqlexam.suite;

import dev.sqlexam.model.Sha256;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;

/**
 * A database's schema as a test suite copies it: schemas, enum types, tables with their column
 * types, NOT NULL, generated columns, primary-key, unique and check constraints, unique indexes,
 * foreign keys, and views. Read by {@link SuiteSchemaReader}.
 */
public record SuiteSchema(
        List<String> preamble, List<Table> tables, List<String> uniqueIndexes, List<View> views)
        implements Serializable {

    /** What kind of value a column takes, for the generator. */
    public enum Family {
        INTEGER,
        NUMERIC,
        FLOAT,
        TEXT,
        BOOLEAN,
        DATE,
        TIMESTAMP,
        TIME,
        INTERVAL,
        UUID,
        JSON,
        ENUM,
        ARRAY,
        OTHER
    }

    /**
     * {@code length}: a character column's limit (0: none); {@code precision}/{@code scale} of
     * numeric(p,s) (0: none).
     */
    public record Column(
            String name,
            String type,
            Family family,
            boolean nullable,
            String generated,
            List<String> labels,
            int length,
            int precision,
            int scale)
            implements Serializable {

        public boolean insertable() {
            return generated == null;
        }
    }

    public record ForeignKey(
            String name,
            List<String> columns,
            String parent,
            List<String> parentColumns,
            String definition)
            implements Serializable {}

    /**
     * {@code keys}: the column sets whose values must be unique (primary key first, when there is
     * one).
     */
    public record Table(
            String schema,
            String name,
            List<Column> columns,
            List<String> primaryKey,
            List<List<String>> keys,
            List<String> constraints,
            List<ForeignKey> foreignKeys)
            implements Serializable {

        public String qualified() {
            return quote(schema) + "." + quote(name);
        }

        /**
         * As {@code EXPLAIN} and the evidence name it: bare in {@code public}, schema-qualified
         * elsewhere.
         */
        public String displayName() {
            return "public".equals(schema) ? name : schema + "." + name;
        }

        public Column column(String columnName) {
            for (Column c : columns) if (c.name().equals(columnName)) return c;
            return null;
        }

        public String createStatement() {
            List<String> parts = new ArrayList<>();
            for (Column c : columns) {
                parts.add(
                        quote(c.name())
                                + " "
                                + c.type()
                                + (c.nullable() ? "" : " NOT NULL")
                                + (c.generated() == null
                                        ? ""
                                        : " GENERATED ALWAYS AS (" + c.generated() + ") STORED"));
            }
            return "CREATE TABLE " + qualified() + " (" + String.join(", ", parts) + ")";
        }
    }

    /** A view or ({@code materialized}) materialized view and its definition. */
    public record View(String schema, String name, boolean materialized, String definition)
            implements Serializable {
        public String createStatement() {
            return "CREATE "
                    + (materialized ? "MATERIALIZED VIEW " : "VIEW ")
                    + quote(schema)
                    + "."
                    + quote(name)
                    + " AS "
                    + definition;
        }
    }

    public SuiteSchema {
        preamble = List.copyOf(preamble);
        tables = List.copyOf(tables);
        uniqueIndexes = List.copyOf(uniqueIndexes);
        views = List.copyOf(views);
    }

    public Table table(String displayName) {
        for (Table t : tables) if (t.displayName().equals(displayName)) return t;
        return null;
    }

    /**
     * The tables parents first: each step takes the first table (in schema order) whose parents are
     * all placed; within a cycle, the first table left.
     */
    /**
     * Where foreign keys form a cycle (departments.manager_id → employees, employees.dept_id →
     * departments): the table still waiting whose references to tables not yet made can all be
     * NULL, the fewest of them first; else the one waiting for the fewest. Tables that merely hang
     * below the cycle wait for it.
     */
    private Integer cycleBreaker(TreeSet<Integer> left, Map<String, Integer> index) {
        Integer best = null;
        int bestScore = Integer.MAX_VALUE;
        for (int i : left) {
            Table t = tables.get(i);
            int waiting = 0;
            boolean nullable = true;
            for (ForeignKey fk : t.foreignKeys()) {
                Integer p = index.get(fk.parent());
                if (p == null || p == i || !left.contains(p)) continue;
                waiting++;
                nullable &=
                        fk.columns().stream()
                                .allMatch(c -> t.column(c) != null && t.column(c).nullable());
            }
            int score = (nullable ? 0 : 1_000) + waiting;
            if (score < bestScore) {
                best = i;
                bestScore = score;
            }
        }
        return best;
    }

    public List<Table> parentsFirst() {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < tables.size(); i++) index.put(tables.get(i).qualified(), i);
        int[] waitingFor = new int[tables.size()];
        List<List<Integer>> children = new ArrayList<>();
        for (int i = 0; i < tables.size(); i++) children.add(new ArrayList<>());
        for (int i = 0; i < tables.size(); i++) {
            Set<Integer> parents = new HashSet<>();
            for (ForeignKey fk : tables.get(i).foreignKeys()) {
                Integer p = index.get(fk.parent());
                if (p != null && p != i) parents.add(p);
            }
            waitingFor[i] = parents.size();
            for (int p : parents) children.get(p).add(i);
        }
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        TreeSet<Integer> left = new TreeSet<>();
        for (int i = 0; i < tables.size(); i++) {
            left.add(i);
            if (waitingFor[i] == 0) ready.add(i);
        }
        List<Table> out = new ArrayList<>(tables.size());
        while (!left.isEmpty()) {
            Integer next = ready.poll();
            if (next == null) next = cycleBreaker(left, index);
            if (!left.remove(next)) continue;
            out.add(tables.get(next));
            for (int child : children.get(next))
                if (--waitingFor[child] == 0 && left.contains(child)) ready.add(child);
        }
        return out;
    }

    /**
     * A digest of everything the suite copies: two schemas with the same digest give the same
     * suites.
     */
    public String fingerprint() {
        StringBuilder all = new StringBuilder();
        preamble.forEach(s -> all.append(s).append('\n'));
        for (Table t : tables) {
            all.append(t.createStatement()).append('\n');
            t.constraints().forEach(c -> all.append(c).append('\n'));
            t.foreignKeys().forEach(f -> all.append(f.definition()).append('\n'));
        }
        uniqueIndexes.forEach(s -> all.append(s).append('\n'));
        views.forEach(v -> all.append(v.createStatement()).append('\n'));
        return Sha256.hex(all.toString());
    }

    public static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    /** The family of a type as {@code format_type} prints it. */
    public static Family familyOf(String type, boolean isEnum) {
        if (isEnum) return Family.ENUM;
        String t = type.toLowerCase(Locale.ROOT);
        if (t.endsWith("[]")) return Family.ARRAY;
        if (t.equals("smallint") || t.equals("integer") || t.equals("bigint"))
            return Family.INTEGER;
        if (t.startsWith("numeric") || t.equals("money")) return Family.NUMERIC;
        if (t.equals("real") || t.equals("double precision")) return Family.FLOAT;
        if (t.startsWith("character")
                || t.equals("text")
                || t.equals("\"char\"")
                || t.equals("name")
                || t.equals("citext")) return Family.TEXT;
        if (t.equals("boolean")) return Family.BOOLEAN;
        if (t.equals("date")) return Family.DATE;
        if (t.startsWith("timestamp")) return Family.TIMESTAMP;
        if (t.startsWith("time")) return Family.TIME;
        if (t.startsWith("interval")) return Family.INTERVAL;
        if (t.equals("uuid")) return Family.UUID;
        if (t.equals("json") || t.equals("jsonb")) return Family.JSON;
        return Family.OTHER;
    }
}
