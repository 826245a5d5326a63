package dev.sqlexam.database;

import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A sample database's rows loaded without PostgreSQL's row-by-row foreign-key checks, then every
 * foreign key checked once over its whole table. The checks fire a trigger per inserted row, a
 * third of the ERP load (docs/benchmarks.md, "Behind the code's choices"); one anti-join per key
 * after the load finds the same violations. Only a superuser may turn the checks off, and only rows
 * of a database sqlexam has just created are loaded that way.
 */
public final class ForeignKeyAudit {

    /** Turns off the triggers of a session (the foreign-key checks among them). */
    static final String UNCHECKED = "SET session_replication_role = replica";

    private ForeignKeyAudit() {}

    /** {@link #UNCHECKED} when the server's connecting role is a superuser, else "" (checked). */
    public static String uncheckedLoad(JdbcUrlTemplate server) {
        try (Connection c = DriverManager.getConnection(server.forDatabase("postgres"));
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT rolsuper FROM pg_roles WHERE rolname = current_user")) {
            return rs.next() && rs.getBoolean(1) ? UNCHECKED : "";
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "cannot reach " + server.redacted() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The foreign keys of the database at {@code url} that a row violates, each with its definition
     * (empty: every row has its parent). MATCH SIMPLE keys skip rows with a NULL in the key, MATCH
     * FULL ones only rows whose key is all NULL, as PostgreSQL's own checks do.
     */
    public static List<String> violations(String url) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            List<Key> keys = new ArrayList<>();
            try (ResultSet rs =
                    st.executeQuery(
                            """
                    SELECT c.conname, c.conrelid::regclass::text, c.confrelid::regclass::text, c.confmatchtype::text,
                           ARRAY(SELECT quote_ident(a.attname) FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                                 JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i),
                           ARRAY(SELECT quote_ident(a.attname) FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
                                 JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i),
                           pg_get_constraintdef(c.oid)
                    FROM pg_constraint c WHERE c.contype = 'f' AND c.conparentid = 0 ORDER BY 2, 1""")) {
                while (rs.next()) {
                    keys.add(
                            new Key(
                                    rs.getString(2)
                                            + "."
                                            + rs.getString(1)
                                            + " ("
                                            + rs.getString(7)
                                            + ")",
                                    orphanQuery(
                                            rs.getString(2),
                                            rs.getString(3),
                                            names(rs.getArray(5)),
                                            names(rs.getArray(6)),
                                            "f".equals(rs.getString(4)))));
                }
            }
            for (Key k : keys) {
                try (ResultSet rs = st.executeQuery(k.orphanQuery())) {
                    if (rs.next()) out.add(k.label());
                }
            }
        }
        return out;
    }

    /** A foreign key as a violation names it, and the query that finds a row without its parent. */
    private record Key(String label, String orphanQuery) {}

    /** A query that returns a row when some row of {@code child} has no parent. */
    static String orphanQuery(
            String child, String parent, String[] childCols, String[] parentCols, boolean full) {
        List<String> set = new ArrayList<>();
        List<String> match = new ArrayList<>();
        for (int i = 0; i < childCols.length; i++) {
            set.add("x." + childCols[i] + " IS NOT NULL");
            match.add("y." + parentCols[i] + " = x." + childCols[i]);
        }
        String allSet = String.join(" AND ", set);
        String parentMissing =
                "NOT EXISTS (SELECT 1 FROM "
                        + parent
                        + " y WHERE "
                        + String.join(" AND ", match)
                        + ")";
        String where =
                full
                        ? "("
                                + String.join(" OR ", set)
                                + ") AND NOT ("
                                + allSet
                                + " AND NOT "
                                + parentMissing
                                + ")"
                        : allSet + " AND " + parentMissing;
        return "SELECT 1 FROM " + child + " x WHERE " + where + " LIMIT 1";
    }

    private static String[] names(Array array) throws SQLException {
        return (String[]) array.getArray();
    }
}
