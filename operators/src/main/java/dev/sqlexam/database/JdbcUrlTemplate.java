package dev.sqlexam.database;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A PostgreSQL JDBC URL whose database part may be the placeholder {@code {db}}, so that one exam
 * set spanning many databases of one server runs in one job.
 */
public record JdbcUrlTemplate(String template) implements Serializable {

    public static final String PLACEHOLDER = "{db}";

    static {
        // the connections a job opens on a worker are made from URLs of this class (or of the
        // state database, which holds one): the driver is registered from the job's own class
        // loader before the first of them
        PostgresDriver.ensureRegistered();
    }

    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_\\-.$]{0,62}");
    private static final Pattern PREFIX =
            Pattern.compile("jdbc:postgresql://[^/?]*/?([^?]*)(\\?.*)?");

    public JdbcUrlTemplate {
        if (template == null || !PREFIX.matcher(template).matches()) {
            throw new IllegalArgumentException(
                    "not a PostgreSQL JDBC URL: "
                            + redact(template)
                            + " (expected jdbc:postgresql://host:port/{db}?user=...)");
        }
    }

    public boolean perDatabase() {
        return template.contains(PLACEHOLDER);
    }

    /** The database a URL without placeholder names. */
    public String fixedDatabase() {
        var m = PREFIX.matcher(template);
        m.matches();
        return m.group(1);
    }

    public static boolean isSafeDatabaseName(String name) {
        return name != null && SAFE_NAME.matcher(name).matches();
    }

    public String forDatabase(String database) {
        if (!perDatabase()) return template;
        if (!isSafeDatabaseName(database))
            throw new IllegalArgumentException("unsafe database name: " + database);
        return template.replace(PLACEHOLDER, database);
    }

    /** The same URL with another user (and password, if given); other parameters are kept. */
    public JdbcUrlTemplate withUser(String user, String password) {
        int q = template.indexOf('?');
        String base = q < 0 ? template : template.substring(0, q);
        Map<String, String> params = parameters();
        params.remove("password");
        params.put("user", user);
        // the driver URL-decodes parameters: a password with '&', '=' or '%' must be encoded to
        // arrive whole
        if (password != null && !password.isEmpty())
            params.put(
                    "password",
                    java.net.URLEncoder.encode(password, java.nio.charset.StandardCharsets.UTF_8));
        StringBuilder url = new StringBuilder(base);
        char sep = '?';
        for (var e : params.entrySet()) {
            url.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = '&';
        }
        return new JdbcUrlTemplate(url.toString());
    }

    /**
     * The same URL with the password the client's environment holds for it ({@code PGPASSWORD},
     * else the password file {@code PGPASSFILE} or ~/.pgpass names for its host, port, {@code
     * database} and user) written into it, for workers whose environment holds none. Unchanged when
     * the URL has a password or the environment none.
     */
    public JdbcUrlTemplate withClientPassword(String database) {
        return withClientPassword(database, System.getenv("PGPASSWORD"));
    }

    JdbcUrlTemplate withClientPassword(String database, String environmentPassword) {
        Map<String, String> params = parameters();
        if (params.containsKey("password") || user() == null) return this;
        String password = environmentPassword;
        if (password == null || password.isEmpty()) {
            String server = server();
            int colon = server.lastIndexOf(':');
            password =
                    org.postgresql.jdbcurlresolver.PgPassParser.getPassword(
                            server.substring(0, colon),
                            server.substring(colon + 1),
                            database,
                            user());
        }
        return password == null || password.isEmpty() ? this : withUser(user(), password);
    }

    /**
     * The server part, {@code host:port} (port 5432 when the URL names none), by which connection
     * budgets are shared.
     */
    public String server() {
        String rest = template.substring("jdbc:postgresql://".length());
        int end = rest.indexOf('/');
        if (end < 0) end = rest.indexOf('?');
        String hostPort = end < 0 ? rest : rest.substring(0, end);
        if (hostPort.isEmpty()) hostPort = "localhost";
        return hostPort.matches(".*:\\d+$") ? hostPort : hostPort + ":5432";
    }

    public String user() {
        return parameters().get("user");
    }

    private Map<String, String> parameters() {
        Map<String, String> params = new LinkedHashMap<>();
        int q = template.indexOf('?');
        if (q < 0) return params;
        for (String pair : template.substring(q + 1).split("&")) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            params.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
        }
        return params;
    }

    /** The URL with any password hidden, for logs and reports. */
    public String redacted() {
        return redact(template);
    }

    static String redact(String url) {
        return url == null ? "null" : url.replaceAll("(?i)(password=)[^&]*", "$1***");
    }

    @Override
    public String toString() {
        return redacted();
    }
}
