package dev.sqlexam.suite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a database's schema from pg_catalog (readable by any role) for a test suite, and samples
 * each table's values as the connection's role may read them. Reads only.
 */
public final class SuiteSchemaReader {

    private static final Pattern LENGTH = Pattern.compile("\\((\\d+)\\)$");
    private static final Pattern NUMERIC = Pattern.compile("numeric\\((\\d+),(\\d+)\\)");

    private SuiteSchemaReader() {}

    public static SuiteSchema read(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            return new CatalogReading(st).read();
        }
    }

    /**
     * Up to {@code limit} rows of each table as text (null: SQL NULL), read as the connection's
     * role; a table it may not read (or that fails to read) has no sample.
     */
    public static Map<String, List<List<String>>> sample(
            Connection c, SuiteSchema schema, int limit) throws SQLException {
        Map<String, List<List<String>>> out = new HashMap<>();
        for (SuiteSchema.Table t : schema.tables()) {
            List<String> names =
                    t.columns().stream().map(col -> SuiteSchema.quote(col.name())).toList();
            if (names.isEmpty()) continue;
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("SAVEPOINT sample");
                st.setQueryTimeout(30);
                try (ResultSet rs =
                        st.executeQuery(
                                "SELECT "
                                        + String.join(", ", names)
                                        + " FROM "
                                        + t.qualified()
                                        + " LIMIT "
                                        + limit)) {
                    List<List<String>> rows = new ArrayList<>();
                    while (rs.next()) {
                        List<String> row = new ArrayList<>(names.size());
                        for (int i = 1; i <= names.size(); i++) row.add(rs.getString(i));
                        rows.add(row);
                    }
                    out.put(t.displayName(), rows);
                }
            } catch (SQLException e) {
                // a table the role may not read (or that fails to read) has no sample; a lost
                // connection is no table's
                if (e.getSQLState() != null && e.getSQLState().startsWith("08")) throw e;
                try (Statement st = c.createStatement()) {
                    st.execute("ROLLBACK TO SAVEPOINT sample");
                }
            } finally {
                c.rollback();
                c.setAutoCommit(autoCommit);
            }
        }
        return out;
    }

    /**
     * A column as its catalog type says: its family, a character column's length, a numeric's
     * precision and scale.
     */
    static SuiteSchema.Column column(
            String name, String type, List<String> labels, boolean nullable, String generated) {
        SuiteSchema.Family family = SuiteSchema.familyOf(type, labels != null);
        int length = 0;
        int precision = 0;
        int scale = 0;
        Matcher n = NUMERIC.matcher(type);
        if (n.find()) {
            precision = Integer.parseInt(n.group(1));
            scale = Integer.parseInt(n.group(2));
        } else if (family == SuiteSchema.Family.TEXT) {
            Matcher l = LENGTH.matcher(type);
            if (l.find()) length = Integer.parseInt(l.group(1));
            if (type.equals("\"char\"")) length = 1;
        }
        return new SuiteSchema.Column(
                name,
                type,
                family,
                nullable,
                generated,
                labels == null ? List.of() : labels,
                length,
                precision,
                scale);
    }

    static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
