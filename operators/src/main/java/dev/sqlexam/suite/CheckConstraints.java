package dev.sqlexam.suite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A table's check constraints as the generator uses them: which columns they name; values of a column that a check on
 * it alone refuses (asked of the server, so any expression counts: {@code status IN (…)}, {@code qty > 0}); and a row
 * a check refused, mended by setting its nullable checked columns to NULL (a check passes on NULL).
 */
final class CheckConstraints {

    /** One check: its expression and the table's columns it names. */
    record Check(String expression, List<Integer> columns) {}

    private final SuiteSchema.Table table;
    private final List<Check> checks = new ArrayList<>();

    CheckConstraints(SuiteSchema.Table table) {
        this.table = table;
        for (String constraint : table.constraints()) {
            int at = constraint.indexOf(" CHECK ");
            if (at < 0) continue;
            String expression = constraint.substring(at + " CHECK ".length()).replaceAll("\\s+NOT VALID$", "");
            List<Integer> named = new ArrayList<>();
            for (int i = 0; i < table.columns().size(); i++) {
                String name = table.columns().get(i).name();
                if (Pattern.compile("(?<![\\w\"])\"?" + Pattern.quote(name) + "\"?(?![\\w\"])").matcher(expression).find()) named.add(i);
            }
            checks.add(new Check(expression, named));
        }
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

    private static Set<String> accepted(Connection c, SuiteSchema.Column column, String expression, Set<String> candidates) throws SQLException {
        String probe = "SELECT (" + expression + ") IS NOT FALSE FROM (SELECT CAST(? AS " + column.type() + ") AS " + SuiteSchema.quote(column.name())
                + ") AS probe";
        Set<String> out = new LinkedHashSet<>();
        try (PreparedStatement ps = c.prepareStatement(probe)) {
            for (String value : candidates) {
                Savepoint before = c.setSavepoint();
                try {
                    ps.setString(1, value);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next() && rs.getBoolean(1)) out.add(value);
                    }
                    c.releaseSavepoint(before);
                } catch (SQLException refused) {
                    c.rollback(before); // a value that does not even cast to the type
                }
            }
        }
        return out;
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
