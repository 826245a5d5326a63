package dev.sqlexam.database;

import dev.sqlexam.sql.ErrorText;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * sqlexam's read-only role on a server: created (with the attributes of the reader-role migration)
 * where it is missing and the connecting user may create roles. One of the two writes sqlexam may
 * make on a user's server, both optional: this and the pre-flight's grants.
 */
public final class ReaderRole {

    private ReaderRole() {}

    /**
     * What ensuring the role did: null when it existed or was created, else why it could not be.
     */
    public static String ensure(JdbcUrlTemplate server, String database) {
        try (Connection c = DriverManager.getConnection(server.forDatabase(database));
                Statement st = c.createStatement()) {
            try (ResultSet rs =
                    st.executeQuery(
                            "SELECT 1 FROM pg_roles WHERE rolname = '"
                                    + ReaderAccess.READER_ROLE
                                    + "'")) {
                if (rs.next()) return null;
            }
            st.execute(
                    "CREATE ROLE "
                            + ReaderAccess.READER_ROLE
                            + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION CONNECTION LIMIT 64");
            st.execute(
                    "ALTER ROLE "
                            + ReaderAccess.READER_ROLE
                            + " SET default_transaction_read_only = on");
            st.execute("ALTER ROLE " + ReaderAccess.READER_ROLE + " SET statement_timeout = '60s'");
            st.execute(
                    "ALTER ROLE "
                            + ReaderAccess.READER_ROLE
                            + " SET idle_in_transaction_session_timeout = '120s'");
            return null;
        } catch (SQLException e) {
            return "cannot create role "
                    + ReaderAccess.READER_ROLE
                    + " ("
                    + e.getSQLState()
                    + ": "
                    + ErrorText.firstLine(e.getMessage())
                    + ")";
        }
    }
}
