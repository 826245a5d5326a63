package dev.sqlexam.jobs.run;

import dev.sqlexam.database.JdbcUrlTemplate;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;

/**
 * The names a SQLite query written for a database is matched against when it is made to run on
 * PostgreSQL: imported golds and graded predictions alike.
 */
public final class DatabaseNames {

    private DatabaseNames() {}

    /** Every table and column name of a database, lower case. */
    public static Set<String> of(JdbcUrlTemplate admin, String db) {
        Set<String> out = new HashSet<>();
        try (Connection c = DriverManager.getConnection(admin.forDatabase(db));
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT lower(table_name), lower(column_name) FROM information_schema.columns "
                                        + "WHERE table_schema NOT IN ('pg_catalog', 'information_schema')")) {
            while (rs.next()) {
                out.add(rs.getString(1));
                out.add(rs.getString(2));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "cannot read the names of database " + db + ": " + e.getMessage(), e);
        }
        return out;
    }
}
