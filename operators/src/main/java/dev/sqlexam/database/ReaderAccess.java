package dev.sqlexam.database;

import dev.sqlexam.sql.ErrorText;

import java.io.Serializable;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * How candidate SQL reaches a server: as the {@code sqlexam_reader} role when it can log in, by
 * {@code SET ROLE} when the connecting user is a member, else as the connecting user inside
 * read-only transactions (and the run says so).
 */
public record ReaderAccess(Mode mode, JdbcUrlTemplate url, String initSql, String note)
        implements Serializable {

    public static final String READER_ROLE = "sqlexam_reader";
    private static final String READ_ONLY_SESSION = "SET default_transaction_read_only = on";
    private static final String NO_CONNECT_PRIVILEGE = "42501";

    /**
     * The role whose privileges gold and candidate SQL run with (null: the connecting user's own).
     */
    public String privilegesOf() {
        return mode == Mode.CONNECTING_USER ? null : READER_ROLE;
    }

    /**
     * The same access with the client's stored passwords written into its URL (see {@link
     * JdbcUrlTemplate#withClientPassword}).
     */
    public ReaderAccess withClientPassword(String database) {
        return new ReaderAccess(mode, url.withClientPassword(database), initSql, note);
    }

    /** The ways candidate SQL can be run read-only. */
    public enum Mode {
        READER_LOGIN,
        SET_ROLE,
        CONNECTING_USER
    }

    public static ReaderAccess resolve(
            JdbcUrlTemplate admin, String probeDatabase, String readerPassword) {
        return resolve(admin, probeDatabase, readerPassword, false);
    }

    /**
     * Candidate SQL as the connecting user in read-only transactions, for the reason {@code note}
     * gives.
     */
    public static ReaderAccess connectingUser(JdbcUrlTemplate admin, String note) {
        return new ReaderAccess(Mode.CONNECTING_USER, admin, READ_ONLY_SESSION, note);
    }

    /**
     * {@code connectingUser}: the user asked for candidate SQL to run as the URL's user (nothing is
     * granted then).
     */
    public static ReaderAccess resolve(
            JdbcUrlTemplate admin,
            String probeDatabase,
            String readerPassword,
            boolean connectingUser) {
        if (connectingUser) {
            return connectingUser(
                    admin,
                    "candidate SQL runs as the connecting user"
                            + (admin.user() == null ? "" : " '" + admin.user() + "'")
                            + " inside read-only transactions (--reader connecting-user)");
        }
        JdbcUrlTemplate reader = admin.withUser(READER_ROLE, readerPassword);
        String loginFailure = readerLoginFailure(reader, probeDatabase);
        if (loginFailure == null)
            return new ReaderAccess(Mode.READER_LOGIN, reader, READ_ONLY_SESSION, null);
        try {
            if (connectingUserIsReaderMember(admin, probeDatabase)) {
                return new ReaderAccess(
                        Mode.SET_ROLE,
                        admin,
                        "SET ROLE " + READER_ROLE + "; " + READ_ONLY_SESSION,
                        null);
            }
        } catch (SQLException e) {
            loginFailure +=
                    "; its membership could not be checked ("
                            + e.getSQLState()
                            + ": "
                            + ErrorText.firstLine(e.getMessage())
                            + ")";
        }
        return connectingUser(
                admin,
                "no usable "
                        + READER_ROLE
                        + " role on this server ("
                        + loginFailure
                        + "): candidate SQL runs as '"
                        + admin.user()
                        + "' inside read-only transactions");
    }

    /** Why the reader role cannot log in to the probe database; null when it can. */
    private static String readerLoginFailure(JdbcUrlTemplate reader, String probeDatabase) {
        try (Connection c = DriverManager.getConnection(reader.forDatabase(probeDatabase))) {
            return null;
        } catch (SQLException loginFailed) {
            // logged in, but not yet allowed into that database: the pre-flight grants CONNECT
            // where it may
            if (NO_CONNECT_PRIVILEGE.equals(loginFailed.getSQLState())) return null;
            return READER_ROLE
                    + " cannot log in ("
                    + loginFailed.getSQLState()
                    + ": "
                    + ErrorText.firstLine(loginFailed.getMessage())
                    + ")";
        }
    }

    /** The reader role exists and the connecting user is a member of it (may SET ROLE to it). */
    private static boolean connectingUserIsReaderMember(JdbcUrlTemplate admin, String probeDatabase)
            throws SQLException {
        try (Connection c = DriverManager.getConnection(admin.forDatabase(probeDatabase));
                PreparedStatement ps =
                        c.prepareStatement(
                                "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ?) "
                                        + "AND pg_has_role(current_user, ?, 'MEMBER')")) {
            ps.setString(1, READER_ROLE);
            ps.setString(2, READER_ROLE);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }
}
