package dev.sqlexam.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A database's comment, where sqlexam marks a database it built as whole (erp_large's fingerprint,
 * a witness database made ready): written last, so a build that died midway leaves none.
 */
public final class DatabaseComment {

    private DatabaseComment() {}

    /** The comment on {@code database} (null: none, or no such database). */
    public static String read(Connection c, String database) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement(
                        "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = ?")) {
            ps.setString(1, database);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /**
     * Sets the comment; {@code database} is a name sqlexam made (no quoting needed) and {@code
     * text} its own, without a quote.
     */
    public static void write(Connection c, String database, String text) throws SQLException {
        if (text.indexOf('\'') >= 0)
            throw new IllegalArgumentException("a database comment without quotes: " + text);
        try (Statement st = c.createStatement()) {
            st.execute("COMMENT ON DATABASE " + database + " IS '" + text + "'");
        }
    }
}
