package dev.sqlexam.suite.independent;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A plain random data generator for a schema, written for these tests without the suite package's
 * generator: tables parents first, foreign keys pointing at rows already made (nullable ones
 * sometimes NULL, references in a cycle filled in afterwards), keys numbered, values drawn from
 * small pools (the exam database's own distinct values of the column, the golds' literals and
 * values beside them, a few values of the type), NULLs and repeated rows on purpose. Every row is
 * sent as a plain INSERT; one the server refuses (a CHECK, a domain, a unique key) is drawn again,
 * then given up.
 */
final class IndependentRows {

    record Profile(int minRows, int maxRows, double nullRate, long seed) {}

    private static final Pattern STRING = Pattern.compile("'((?:[^']|'')*)'");
    private static final Pattern NUMBER =
            Pattern.compile("(?<![\\w.'])(\\d+(?:\\.\\d+)?)(?![\\w'])");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    private final Catalog catalog;
    private final Map<String, Map<String, List<String>>> samples;
    private final Map<String, List<String>> pools = new HashMap<>();

    private IndependentRows(
            Catalog catalog,
            Map<String, Map<String, List<String>>> samples,
            Collection<String> golds) {
        this.catalog = catalog;
        this.samples = samples;
        Set<String> text = new LinkedHashSet<>(List.of("a", "B", "x y", ""));
        Set<String> ints = new LinkedHashSet<>(List.of("0", "1", "2", "3", "5", "10"));
        Set<String> nums =
                new LinkedHashSet<>(List.of("0", "0.5", "1", "1.25", "2.5", "10", "99.99"));
        Set<String> dates =
                new LinkedHashSet<>(
                        List.of("2023-12-31", "2024-01-01", "2024-06-15", "2025-01-01"));
        for (String sql : golds) {
            Matcher s = STRING.matcher(sql);
            while (s.find()) {
                String v = s.group(1).replace("''", "'");
                if (DATE.matcher(v).lookingAt()) {
                    LocalDate d = LocalDate.parse(v.substring(0, 10));
                    dates.addAll(
                            List.of(
                                    d.toString(),
                                    d.minusDays(1).toString(),
                                    d.plusDays(1).toString()));
                } else {
                    text.addAll(
                            List.of(
                                    v,
                                    v.toUpperCase(),
                                    v.toLowerCase(),
                                    v + "x",
                                    v.replace("%", ""),
                                    v.replace("%", "").replace("_", " ")));
                }
            }
            Matcher n = NUMBER.matcher(STRING.matcher(sql).replaceAll("''"));
            while (n.find()) {
                String v = n.group(1);
                nums.add(v);
                if (!v.contains(".")) {
                    long l = Long.parseLong(v.length() > 15 ? "0" : v);
                    ints.addAll(
                            List.of(Long.toString(l), Long.toString(l - 1), Long.toString(l + 1)));
                    nums.addAll(List.of(Long.toString(l - 1), Long.toString(l + 1), l + ".01"));
                } else {
                    nums.add(
                            new java.math.BigDecimal(v)
                                    .add(new java.math.BigDecimal("0.01"))
                                    .toPlainString());
                }
            }
        }
        pools.put("text", List.copyOf(text));
        pools.put("int", List.copyOf(ints));
        pools.put("num", List.copyOf(nums));
        pools.put("float", List.copyOf(nums));
        pools.put("date", List.copyOf(dates));
        List<String> ts = new ArrayList<>();
        for (String d : dates)
            ts.addAll(List.of(d + " 00:00:00", d + " 09:30:00", d + " 23:59:59"));
        pools.put("ts", ts);
        pools.put("bool", List.of("true", "false"));
    }

    /**
     * Up to {@code perColumn} distinct non-NULL values of every column of the exam database, as
     * text.
     */
    static Map<String, Map<String, List<String>>> sample(
            Connection c, Catalog catalog, int perColumn) throws SQLException {
        Map<String, Map<String, List<String>>> out = new LinkedHashMap<>();
        try (Statement st = c.createStatement()) {
            for (Catalog.Table t : catalog.tables().values()) {
                for (Catalog.Column col : t.columns()) {
                    String q = Catalog.quote(col.name());
                    List<String> values = new ArrayList<>();
                    try (ResultSet rs =
                            st.executeQuery(
                                    "SELECT DISTINCT "
                                            + q
                                            + "::text FROM "
                                            + Catalog.quote(t.name())
                                            + " WHERE "
                                            + q
                                            + " IS NOT NULL LIMIT "
                                            + perColumn)) {
                        while (rs.next()) values.add(rs.getString(1));
                    }
                    out.computeIfAbsent(t.name(), k -> new HashMap<>()).put(col.name(), values);
                }
            }
        }
        return out;
    }

    /** Fills an empty database of the schema; returns the number of rows stored. */
    static int fill(
            Connection c,
            Catalog catalog,
            Map<String, Map<String, List<String>>> samples,
            Collection<String> golds,
            Profile profile)
            throws SQLException {
        return new IndependentRows(catalog, samples, golds).fill(c, profile);
    }

    private int fill(Connection c, Profile p) throws SQLException {
        c.setAutoCommit(false);
        Random rnd = new Random(p.seed());
        Map<String, List<Map<String, String>>> made = new HashMap<>();
        List<Object[]> forward = new ArrayList<>(); // (table, fk) filled after every table has rows
        int stored = 0;
        for (Catalog.Table t : catalog.parentsFirst()) {
            List<Map<String, String>> rows = new ArrayList<>();
            made.put(t.name(), rows);
            for (Catalog.ForeignKey fk : t.foreignKeys()) {
                if (!fk.refTable().equals(t.name()) && !made.containsKey(fk.refTable()))
                    forward.add(new Object[] {t, fk});
            }
            int n = p.minRows() + rnd.nextInt(Math.max(1, p.maxRows() - p.minRows() + 1));
            for (int i = 0; i < n; i++) {
                for (int attempt = 0; attempt < 8; attempt++) {
                    Map<String, String> row = draw(t, rows, made, rnd, p, i + 1, attempt);
                    if (row != null && insert(c, t, row)) {
                        rows.add(row);
                        stored++;
                        break;
                    }
                }
            }
        }
        for (Object[] f : forward)
            link(c, (Catalog.Table) f[0], (Catalog.ForeignKey) f[1], made, rnd);
        c.commit();
        return stored;
    }

    private Map<String, String> draw(
            Catalog.Table t,
            List<Map<String, String>> rows,
            Map<String, List<Map<String, String>>> made,
            Random rnd,
            Profile p,
            int ordinal,
            int attempt) {
        Map<String, String> row = new LinkedHashMap<>();
        boolean repeat = !rows.isEmpty() && attempt == 0 && rnd.nextDouble() < 0.15;
        Map<String, String> previous = repeat ? rows.get(rnd.nextInt(rows.size())) : null;
        for (Catalog.ForeignKey fk : t.foreignKeys()) {
            List<Map<String, String>> parents = made.get(fk.refTable());
            boolean nullable = fk.columns().stream().noneMatch(col -> t.column(col).notNull());
            if (parents == null
                    || parents.isEmpty()
                    || (nullable
                            && rnd.nextDouble()
                                    < p.nullRate() + (fk.refTable().equals(t.name()) ? 0.3 : 0))) {
                if (!nullable) return null;
                fk.columns().forEach(col -> row.put(col, null));
                continue;
            }
            Map<String, String> parent =
                    previous != null && fk.columns().stream().allMatch(previous::containsKey)
                            ? null
                            : parents.get(rnd.nextInt(parents.size()));
            for (int i = 0; i < fk.columns().size(); i++) {
                row.put(
                        fk.columns().get(i),
                        parent == null
                                ? previous.get(fk.columns().get(i))
                                : parent.get(fk.refColumns().get(i)));
            }
        }
        boolean singleKey = t.primaryKey().size() == 1;
        for (Catalog.Column col : t.columns()) {
            if (row.containsKey(col.name())) continue;
            if (singleKey
                    && t.primaryKey().get(0).equals(col.name())
                    && (col.family().equals("int"))) {
                row.put(col.name(), Integer.toString(ordinal + attempt * 1000));
            } else if (previous != null && !t.primaryKey().contains(col.name())) {
                row.put(col.name(), previous.get(col.name()));
            } else {
                row.put(col.name(), value(t, col, rnd, p));
            }
        }
        return row;
    }

    private String value(Catalog.Table t, Catalog.Column col, Random rnd, Profile p) {
        if (!col.notNull() && rnd.nextDouble() < p.nullRate()) return null;
        List<String> sampled =
                samples.getOrDefault(t.name(), Map.of()).getOrDefault(col.name(), List.of());
        if (!col.enumLabels().isEmpty())
            return col.enumLabels().get(rnd.nextInt(col.enumLabels().size()));
        List<String> pool = pools.get(col.family());
        if (pool == null || (!sampled.isEmpty() && rnd.nextDouble() < 0.55)) {
            return sampled.isEmpty() ? null : sampled.get(rnd.nextInt(sampled.size()));
        }
        return pool.get(rnd.nextInt(pool.size()));
    }

    private static boolean insert(Connection c, Catalog.Table t, Map<String, String> row)
            throws SQLException {
        List<String> cols = new ArrayList<>(row.keySet());
        return ScratchDatabases.insertText(
                        c, t.name(), cols, List.of(cols.stream().map(row::get).toList()))
                .isEmpty();
    }

    /**
     * A nullable reference to a table made later: some rows get a parent now (each update under a
     * savepoint).
     */
    private static void link(
            Connection c,
            Catalog.Table t,
            Catalog.ForeignKey fk,
            Map<String, List<Map<String, String>>> made,
            Random rnd)
            throws SQLException {
        List<Map<String, String>> parents = made.getOrDefault(fk.refTable(), List.of());
        if (parents.isEmpty()) return;
        String sql =
                "UPDATE "
                        + Catalog.quote(t.name())
                        + " SET "
                        + String.join(
                                ", ",
                                fk.columns().stream().map(x -> Catalog.quote(x) + " = ?").toList())
                        + " WHERE ctid = ?::tid";
        List<String> ctids = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT ctid::text FROM " + Catalog.quote(t.name()))) {
            while (rs.next()) ctids.add(rs.getString(1));
        }
        try (PreparedStatement st = c.prepareStatement(sql)) {
            for (String ctid : ctids) {
                if (rnd.nextDouble() < 0.3) continue;
                Map<String, String> parent = parents.get(rnd.nextInt(parents.size()));
                for (int i = 0; i < fk.columns().size(); i++)
                    st.setObject(i + 1, parent.get(fk.refColumns().get(i)), Types.OTHER);
                st.setString(fk.columns().size() + 1, ctid);
                var sp = c.setSavepoint();
                try {
                    st.executeUpdate();
                    c.releaseSavepoint(sp);
                } catch (SQLException e) {
                    c.rollback(sp);
                }
            }
        }
    }
}
