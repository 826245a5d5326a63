package dev.sqlexam.suite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.regex.Pattern;

/**
 * A table's check constraints as the generator uses them: which columns they name; values of a
 * column that a check on it alone refuses (asked of the server, so any expression counts: {@code
 * status IN (…)}, {@code qty > 0}); and a row a check refused, mended by setting its nullable
 * checked columns to NULL (a check passes on NULL).
 */
final class CheckConstraints {

    /** One check: its expression and the table's columns it names. */
    record Check(String expression, List<Integer> columns) {}

    /** A probe's statement (the check, the column's name and type) and the value it asks about. */
    private record Probe(String sql, String value) {}

    /**
     * The server's answers to probes, by connection: a pool reloads one scratch database on one
     * connection for every candidate and would ask the same probes each time. PostgreSQL takes a
     * check's condition to be immutable, so an answer holds as long as the connection (weakly held:
     * the answers go with it).
     */
    private static final Map<Connection, Map<Probe, Boolean>> ANSWERS =
            Collections.synchronizedMap(new WeakHashMap<>());

    private final SuiteSchema.Table table;
    private final List<Check> checks = new ArrayList<>();

    CheckConstraints(SuiteSchema.Table table) {
        this.table = table;
        for (String constraint : table.constraints()) {
            int at = constraint.indexOf(" CHECK ");
            if (at < 0) continue;
            String expression =
                    constraint.substring(at + " CHECK ".length()).replaceAll("\\s+NOT VALID$", "");
            List<Integer> named = new ArrayList<>();
            for (int i = 0; i < table.columns().size(); i++) {
                String name = table.columns().get(i).name();
                if (Pattern.compile("(?<![\\w\"])\"?" + Pattern.quote(name) + "\"?(?![\\w\"])")
                        .matcher(expression)
                        .find()) named.add(i);
            }
            checks.add(new Check(expression, named));
        }
    }

    /** The expressions of the table's checks, as they are written in its definition. */
    List<String> expressions() {
        return checks.stream().map(Check::expression).toList();
    }

    boolean names(int column) {
        return checks.stream().anyMatch(k -> k.columns().contains(column));
    }

    /** Drops from each column's values those a check on that column alone refuses. */
    void keepAccepted(Connection c, List<ColumnValues> values) throws SQLException {
        for (Check k : checks) {
            if (k.columns().size() != 1) continue;
            ColumnValues v = values.get(k.columns().get(0));
            Set<String> candidates = new LinkedHashSet<>(v.constants);
            candidates.addAll(v.boundaries);
            if (candidates.isEmpty()) continue;
            Set<String> accepted = accepted(c, v.column, k.expression(), candidates);
            v.retain(accepted::contains);
        }
    }

    private static Set<String> accepted(
            Connection c, SuiteSchema.Column column, String expression, Set<String> candidates)
            throws SQLException {
        String probe =
                "SELECT ("
                        + expression
                        + ") IS NOT FALSE FROM (SELECT CAST(? AS "
                        + column.type()
                        + ") AS "
                        + SuiteSchema.quote(column.name())
                        + ") AS probe";
        Map<Probe, Boolean> answers = ANSWERS.computeIfAbsent(c, k -> new HashMap<>());
        Set<String> out = new LinkedHashSet<>();
        try (PreparedStatement ps = c.prepareStatement(probe)) {
            for (String value : candidates) {
                Probe asked = new Probe(probe, value);
                Boolean accepts = answers.get(asked);
                if (accepts == null) {
                    accepts = ask(c, ps, value);
                    if (accepts != null) answers.put(asked, accepts);
                }
                if (Boolean.TRUE.equals(accepts)) out.add(value);
            }
        }
        return out;
    }

    /**
     * The server's answer to a probe for {@code value}: false too when the value does not cast to
     * the column's type (or its domain refuses it); null when the probe failed otherwise, which
     * refuses the value this time only.
     */
    private static Boolean ask(Connection c, PreparedStatement ps, String value)
            throws SQLException {
        Savepoint before = c.setSavepoint();
        Boolean answer = null;
        try {
            ps.setString(1, value);
            try (ResultSet rs = ps.executeQuery()) {
                answer = rs.next() && rs.getBoolean(1);
            }
            c.releaseSavepoint(before);
        } catch (SQLException failed) {
            c.rollback(before);
            String state = failed.getSQLState();
            boolean valuesFault =
                    state != null && (state.startsWith("22") || state.startsWith("23"));
            if (answer == null && valuesFault) answer = false;
        }
        return answer;
    }

    /**
     * The rows the table's checks accept, in their order, a refused row replaced by its mended form
     * when the checks accept that ({@link #mended}); asked of the server a query at a time, not a
     * row at a time. All of them when the table has no checks or the question cannot be asked (the
     * inserts then find out row by row).
     */
    List<String[]> checked(Connection c, List<String[]> rows) throws SQLException {
        if (checks.isEmpty() || rows.isEmpty()) return rows;
        boolean[] ok = accepted(c, rows);
        if (ok == null) return rows;
        List<Integer> refused = new ArrayList<>();
        List<String[]> mended = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            String[] m = ok[r] ? null : mended(rows.get(r));
            if (m != null) {
                refused.add(r);
                mended.add(m);
            }
        }
        boolean[] mendedOk = mended.isEmpty() ? new boolean[0] : accepted(c, mended);
        List<String[]> out = new ArrayList<>(rows.size());
        for (int r = 0, k = 0; r < rows.size(); r++) {
            if (ok[r]) {
                out.add(rows.get(r));
            } else if (k < refused.size() && refused.get(k) == r) {
                if (mendedOk != null && mendedOk[k]) out.add(mended.get(k));
                k++;
            }
        }
        return out;
    }

    /**
     * Which of {@code rows} every check accepts (a check passes when it is not false); null when
     * the server cannot say.
     */
    private boolean[] accepted(Connection c, List<String[]> rows) throws SQLException {
        RowArrays arrays = new RowArrays(table);
        if (!arrays.any()) return null;
        // every row whole (v) as well: its columns are cast for every row, so a value that does not
        // cast to its column's type fails the question wherever it is, as a VALUES list of the rows
        // did; asked only for the checks' columns, the server would cast those alone
        String sql =
                "SELECT "
                        + RowArrays.POSITION
                        + ", "
                        + String.join(
                                " AND ",
                                expressions().stream()
                                        .map(e -> "(" + e + ") IS NOT FALSE")
                                        .toList())
                        + ", v FROM ("
                        + arrays.typedRows()
                        + ") AS v";
        // null: a check the server cannot evaluate on these rows, not known, the caller tries row
        // by row
        return Refusable.orNull(
                c,
                () -> {
                    try (PreparedStatement ps = c.prepareStatement(sql)) {
                        arrays.bind(c, ps, rows);
                        boolean[] out = new boolean[rows.size()];
                        try (var rs = ps.executeQuery()) {
                            while (rs.next()) out[rs.getInt(1) - 1] = rs.getBoolean(2);
                        }
                        return out;
                    }
                });
    }

    /** The row with its nullable checked columns NULL (null when there are none to clear). */
    String[] mended(String[] row) {
        String[] out = row.clone();
        boolean changed = false;
        for (int i = 0; i < out.length; i++) {
            SuiteSchema.Column col = table.columns().get(i);
            if (out[i] != null && col.nullable() && col.insertable() && names(i)) {
                out[i] = null;
                changed = true;
            }
        }
        return changed ? out : null;
    }
}
