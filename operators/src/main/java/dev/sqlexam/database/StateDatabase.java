package dev.sqlexam.database;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import java.io.Serializable;
import java.util.Map;

/**
 * Where sqlexam keeps its own state (runs, results, metrics, the retrieval index, the watch's
 * tables): one database of a server of sqlexam's, by default the private cluster the scripts start,
 * never a database of the user's unless the user names it with {@code state_url}. The server
 * candidate SQL runs on holds none of it.
 */
public record StateDatabase(JdbcUrlTemplate server, String database) implements Serializable {

    public StateDatabase {
        if (server == null) throw new IllegalArgumentException("the state needs a server");
        if (!JdbcUrlTemplate.isSafeDatabaseName(database))
            throw new IllegalArgumentException("unsafe state database name: " + database);
    }

    /**
     * state_url (else the private cluster) and results_db of {@code settings}; {@code env} names
     * the private cluster's port and superuser.
     */
    public static StateDatabase from(Settings settings, Map<String, String> env) {
        String url = settings.get(SqlExamOptions.STATE_URL);
        JdbcUrlTemplate server =
                new JdbcUrlTemplate(url.isBlank() ? privateCluster(env) : url.trim());
        String database =
                server.perDatabase()
                        ? settings.get(SqlExamOptions.RESULTS_DB)
                        : server.fixedDatabase();
        return new StateDatabase(server, database);
    }

    public static StateDatabase from(Settings settings) {
        return from(settings, System.getenv());
    }

    /**
     * The private cluster as the scripts make it: 127.0.0.1, port SQLEXAM_PG_PORT (55432),
     * superuser SQLEXAM_PG_SUPERUSER (sqlexam).
     */
    public static String privateCluster(Map<String, String> env) {
        return "jdbc:postgresql://127.0.0.1:"
                + variable(env, "SQLEXAM_PG_PORT", "55432")
                + "/{db}?user="
                + variable(env, "SQLEXAM_PG_SUPERUSER", "sqlexam");
    }

    private static String variable(Map<String, String> env, String name, String otherwise) {
        String value = env.get(name);
        return value == null || value.isBlank() ? otherwise : value.trim();
    }

    /** The state database's JDBC URL. */
    public String url() {
        return server.forDatabase(database);
    }

    /**
     * The same database as reached with {@code server} (e.g. the URL the workers of a cluster use).
     */
    public StateDatabase on(JdbcUrlTemplate server) {
        return new StateDatabase(server, database);
    }

    /** True when the state shares a server with {@code other} (host and port). */
    public boolean sameServerAs(JdbcUrlTemplate other) {
        return server.server().equals(other.server());
    }

    @Override
    public String toString() {
        return "database '" + database + "' on " + server.redacted();
    }
}
