package dev.sqlexam.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * What a server can give a job, read from its catalog at start: connection slots not yet taken
 * (beyond those reserved for superusers) and the connection limit of the role the pools log in as.
 */
public record ServerCapacity(
        String server,
        int maxConnections,
        int reservedForSuperusers,
        int inUse,
        String role,
        int roleLimit,
        int roleInUse) {

    public static ServerCapacity read(JdbcUrlTemplate admin, String database, String loginRole)
            throws SQLException {
        String sql =
                "SELECT current_setting('max_connections')::int, current_setting('superuser_reserved_connections')::int, "
                        + "(SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::int, "
                        + "COALESCE((SELECT rolconnlimit FROM pg_roles WHERE rolname = ?), -1), "
                        + "(SELECT count(*) FROM pg_stat_activity WHERE usename = ? AND backend_type = 'client backend')::int";
        try (Connection c = DriverManager.getConnection(admin.forDatabase(database));
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, loginRole);
            ps.setString(2, loginRole);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new ServerCapacity(
                        admin.server(),
                        rs.getInt(1),
                        rs.getInt(2),
                        rs.getInt(3),
                        loginRole,
                        rs.getInt(4),
                        rs.getInt(5));
            }
        }
    }

    /** Slots anyone but a superuser may still take. */
    public int free() {
        return Math.max(0, maxConnections - reservedForSuperusers - inUse);
    }

    /**
     * The connections the job's pools may hold: at most {@code cap}, leaving {@code reserve} server
     * slots for the client's own connections (catalog, sinks), and the same within the role's limit
     * when the client logs in as that role too; at least 1.
     */
    public int budget(int cap, int reserve, boolean clientLogsInAsRole) {
        int budget = Math.min(cap, free() - reserve);
        if (roleLimit >= 0)
            budget = Math.min(budget, roleLimit - roleInUse - (clientLogsInAsRole ? reserve : 0));
        return Math.max(1, budget);
    }

    public String describe(int budget) {
        return "connection budget "
                + budget
                + " on "
                + server
                + " (server: "
                + free()
                + " of "
                + maxConnections
                + " slots free; role "
                + role
                + ": "
                + (roleLimit < 0
                        ? "no connection limit"
                        : "limit " + roleLimit + ", " + roleInUse + " in use")
                + ")";
    }
}
