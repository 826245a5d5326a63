package dev.sqlexam.jobs.importer;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.jobs.run.Provenance;
import dev.sqlexam.jobs.run.ProvenanceCollector;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Loads a benchmark's databases into the target server: PostgreSQL dumps (plain SQL through psql,
 * custom format through pg_restore) and SQLite files through pgloader. Each database is created
 * fresh; one that exists already is dropped and loaded again with {@code replace}, else kept only
 * when its fingerprints equal those of what its file would load, and refused otherwise. Each is
 * readable by the read-only role afterwards, and reported: tables, columns, rows, primary and
 * foreign keys, load seconds.
 */
public final class DatabaseLoader {

    /** What one load did. */
    public record Report(
            String database,
            String source,
            String status,
            int tables,
            int columns,
            long rows,
            int primaryKeys,
            int foreignKeys,
            double seconds) {}

    private static final Pattern SERVER =
            Pattern.compile("jdbc:postgresql://([^/:?]+)(?::(\\d+))?/");

    private final JdbcUrlTemplate admin;
    private final boolean replace;
    private final long timeoutMinutes;

    public DatabaseLoader(JdbcUrlTemplate admin, boolean replace, long timeoutMinutes) {
        if (!admin.perDatabase())
            throw new IllegalArgumentException(
                    "importing databases needs a JDBC URL with {db}: " + admin.redacted());
        this.admin = admin;
        this.replace = replace;
        this.timeoutMinutes = timeoutMinutes;
    }

    /** The file that holds {@code dbId} in a benchmark's database folder, or null. */
    public static Path find(Path dir, String dbId) throws IOException {
        for (Path p :
                List.of(
                        dir.resolve(dbId).resolve(dbId + ".sqlite"),
                        dir.resolve(dbId + ".sqlite"),
                        dir.resolve(dbId + ".db"),
                        dir.resolve(dbId + ".sql"),
                        dir.resolve(dbId + ".dump"),
                        dir.resolve(dbId).resolve(dbId + ".sql"))) {
            if (Files.isRegularFile(p)) return p;
        }
        if (Files.isDirectory(dir.resolve(dbId))) {
            try (Stream<Path> files = Files.list(dir.resolve(dbId))) {
                return files.filter(
                                f ->
                                        f.toString().endsWith(".sqlite")
                                                || f.toString().endsWith(".sql"))
                        .sorted()
                        .findFirst()
                        .orElse(null);
            }
        }
        return null;
    }

    /**
     * A database of the server with the name an import would load, against what it would load:
     * their fingerprints as run.json's provenance records them, every table counted exactly.
     */
    public record Existing(
            String database,
            Path source,
            Provenance.DatabaseFingerprint onServer,
            Provenance.DatabaseFingerprint fromSource) {

        /** The same tables, columns, types, defaults, constraints and row counts. */
        public boolean same() {
            return Objects.equals(onServer.schema(), fromSource.schema())
                    && Objects.equals(onServer.data(), fromSource.data());
        }

        /** Which of the two fingerprints differ, each side's first characters. */
        public String differences() {
            List<String> out = new ArrayList<>();
            if (!Objects.equals(onServer.schema(), fromSource.schema()))
                out.add(
                        "schema "
                                + abbreviated(onServer.schema())
                                + " on the server, "
                                + abbreviated(fromSource.schema())
                                + " from "
                                + source.getFileName());
            if (!Objects.equals(onServer.data(), fromSource.data()))
                out.add(
                        "row counts "
                                + abbreviated(onServer.data())
                                + " on the server, "
                                + abbreviated(fromSource.data())
                                + " from "
                                + source.getFileName());
            return String.join("; ", out);
        }

        private static String abbreviated(String sha256) {
            return sha256 == null ? "(none)" : sha256.substring(0, Math.min(12, sha256.length()));
        }
    }

    /** Whether the server has a database named {@code database}. */
    public boolean exists(String database) throws SQLException {
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                PreparedStatement s =
                        c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            s.setString(1, database);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    /**
     * Compares the existing {@code database} with what {@code source} would load: the file is
     * loaded into a scratch database of a generated name, both are fingerprinted, and the scratch
     * database is dropped.
     */
    public Existing compare(String database, Path source) throws Exception {
        byte[] suffix = new byte[6];
        new SecureRandom().nextBytes(suffix);
        String scratch = "sqlexam_check_" + HexFormat.of().formatHex(suffix);
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + scratch);
        }
        try {
            fill(scratch, source);
            return new Existing(
                    database,
                    source,
                    ProvenanceCollector.exactFingerprint(admin.forDatabase(database)),
                    ProvenanceCollector.exactFingerprint(admin.forDatabase(scratch)));
        } finally {
            try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                    Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + scratch + " WITH (FORCE)");
            }
        }
    }

    /**
     * Loads {@code source} as {@code database}. One that exists already is dropped and loaded again
     * with {@code replace}; without it, it is kept only when it holds what the file would load (see
     * {@link #compare}), else the load is refused ({@link Differs}).
     */
    public Report load(String database, Path source) throws Exception {
        boolean exists = exists(database);
        if (exists && !replace) {
            Existing existing = compare(database, source);
            if (!existing.same()) throw new Differs(List.of(existing));
            return reused(existing);
        }
        long start = System.nanoTime();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            if (exists) s.execute("DROP DATABASE " + database + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + database);
        }
        String kind = fill(database, source);
        grantReader(database);
        return describe(
                database, source, "loaded (" + kind + ")", (System.nanoTime() - start) / 1e9);
    }

    /** The report of an existing database {@link #compare} found equal to its file. */
    public Report reused(Existing existing) throws Exception {
        if (!existing.same())
            throw new IllegalArgumentException(existing.database() + " differs from its file");
        grantReader(existing.database());
        return describe(existing.database(), existing.source(), REUSED, 0);
    }

    /** The status of a database kept because it holds what its file would load. */
    public static final String REUSED = "reused (same schema and row counts)";

    /**
     * Databases of the server that an import would load over, which hold something else than their
     * files would load: refused, never graded on.
     */
    public static final class Differs extends IllegalStateException {
        private final List<Existing> databases;

        public Differs(List<Existing> databases) {
            super(message(databases));
            this.databases = List.copyOf(databases);
        }

        public List<Existing> databases() {
            return databases;
        }

        private static String message(List<Existing> databases) {
            StringBuilder sb = new StringBuilder();
            sb.append(databases.size() == 1 ? "a database" : databases.size() + " databases")
                    .append(
                            " of the server already exist under the name the import would load, holding"
                                    + " something else than the file would load; nothing was loaded:");
            for (Existing e : databases)
                sb.append("\n  ").append(e.database()).append(": ").append(e.differences());
            sb.append(
                    "\n  --replace drops and reloads them (their data is lost); to keep them, drop or"
                            + " rename them yourself, or import into another server (--jdbc-url)");
            return sb.toString();
        }
    }

    /** Loads {@code source} into the empty database {@code target}; returns the source's kind. */
    private String fill(String target, Path source) throws Exception {
        String kind = kind(source);
        switch (kind) {
            case "sqlite" ->
                    run(
                            List.of(
                                    "pgloader",
                                    "--on-error-stop",
                                    "sqlite://" + source.toAbsolutePath(),
                                    pgUri(target)),
                            Map.of());
            case "custom" ->
                    run(
                            List.of(
                                    bin("pg_restore"),
                                    "--no-owner",
                                    "--no-privileges",
                                    "-h",
                                    host(),
                                    "-p",
                                    port(),
                                    "-U",
                                    user(),
                                    "-d",
                                    target,
                                    source.toAbsolutePath().toString()),
                            passwordEnv());
            default ->
                    run(
                            List.of(
                                    bin("psql"),
                                    "-q",
                                    "-X",
                                    "-v",
                                    "ON_ERROR_STOP=1",
                                    "-h",
                                    host(),
                                    "-p",
                                    port(),
                                    "-U",
                                    user(),
                                    "-d",
                                    target,
                                    "-f",
                                    source.toAbsolutePath().toString()),
                            passwordEnv());
        }
        return kind;
    }

    static String kind(Path source) throws IOException {
        byte[] head = new byte[16];
        int n;
        try (InputStream in = Files.newInputStream(source)) {
            n = in.read(head);
        }
        String magic = new String(head, 0, Math.max(0, n), StandardCharsets.ISO_8859_1);
        if (magic.startsWith("SQLite format 3")) return "sqlite";
        if (magic.startsWith("PGDMP")) return "custom";
        return "sql";
    }

    private void grantReader(String database) throws SQLException {
        try (Connection c = DriverManager.getConnection(admin.forDatabase(database));
                Statement s = c.createStatement()) {
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT 1 FROM pg_roles WHERE rolname = '"
                                    + ReaderAccess.READER_ROLE
                                    + "'")) {
                if (!rs.next()) return;
            }
            s.execute("GRANT CONNECT ON DATABASE " + database + " TO " + ReaderAccess.READER_ROLE);
            List<String> schemas = new ArrayList<>();
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'")) {
                while (rs.next()) schemas.add(rs.getString(1));
            }
            for (String schema : schemas) {
                String q = "\"" + schema.replace("\"", "\"\"") + "\"";
                s.execute("GRANT USAGE ON SCHEMA " + q + " TO " + ReaderAccess.READER_ROLE);
                s.execute(
                        "GRANT SELECT ON ALL TABLES IN SCHEMA "
                                + q
                                + " TO "
                                + ReaderAccess.READER_ROLE);
            }
        }
    }

    private Report describe(String database, Path source, String status, double seconds)
            throws SQLException {
        try (Connection c = DriverManager.getConnection(admin.forDatabase(database));
                Statement s = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT format('%I.%I', n.nspname, c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                                    + "WHERE c.relkind IN ('r', 'p') AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' ORDER BY 1")) {
                while (rs.next()) tables.add(rs.getString(1));
            }
            long rows = 0;
            for (String t : tables) {
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + t)) {
                    rs.next();
                    rows += rs.getLong(1);
                }
            }
            int columns =
                    count(
                            s,
                            "SELECT count(*) FROM information_schema.columns WHERE table_schema NOT IN ('pg_catalog', 'information_schema')");
            int pks =
                    count(
                            s,
                            "SELECT count(*) FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace WHERE k.contype = 'p' "
                                    + "AND n.nspname NOT LIKE 'pg\\_%'");
            int fks =
                    count(
                            s,
                            "SELECT count(*) FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace WHERE k.contype = 'f' "
                                    + "AND n.nspname NOT LIKE 'pg\\_%'");
            return new Report(
                    database,
                    source.getFileName().toString(),
                    status,
                    tables.size(),
                    columns,
                    rows,
                    pks,
                    fks,
                    seconds);
        }
    }

    private static int count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private void run(List<String> command, Map<String, String> env)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Path log = Files.createTempFile("sqlexam-import", ".log");
        pb.redirectOutput(log.toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IOException(
                    command.get(0)
                            + " is not installed (./sqlexam import installs pgloader and the PostgreSQL client): "
                            + e.getMessage(),
                    e);
        }
        if (!p.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException(command.get(0) + " did not finish in " + timeoutMinutes + " min");
        }
        String output = Files.readString(log);
        Files.deleteIfExists(log);
        if (p.exitValue() != 0) {
            throw new IOException(
                    command.get(0)
                            + " failed (exit "
                            + p.exitValue()
                            + "): "
                            + tail(
                                    passwordOrEmpty().isEmpty()
                                            ? output
                                            : output.replace(passwordOrEmpty(), "***")));
        }
    }

    private static String tail(String s) {
        String t = s.strip();
        return t.length() <= 1_500 ? t : "…" + t.substring(t.length() - 1_500);
    }

    /** psql and pg_restore from PATH, else Debian's versioned folder. */
    private static String bin(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, name))) return name;
        }
        for (String v : List.of("17", "16", "15")) {
            Path p = Path.of("/usr/lib/postgresql", v, "bin", name);
            if (Files.isExecutable(p)) return p.toString();
        }
        return name;
    }

    private String pgUri(String database) {
        String password = passwordOrEmpty();
        return "postgresql://"
                + encode(user())
                + (password.isEmpty() ? "" : ":" + encode(password))
                + "@"
                + host()
                + ":"
                + port()
                + "/"
                + database;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private Map<String, String> passwordEnv() {
        String password = passwordOrEmpty();
        return password.isEmpty() ? Map.of() : Map.of("PGPASSWORD", password);
    }

    private String passwordOrEmpty() {
        Matcher m = Pattern.compile("[?&]password=([^&]*)").matcher(admin.template());
        return m.find() ? URLDecoder.decode(m.group(1), StandardCharsets.UTF_8) : "";
    }

    private String host() {
        Matcher m = SERVER.matcher(admin.template());
        return m.find() ? m.group(1) : "127.0.0.1";
    }

    private String port() {
        Matcher m = SERVER.matcher(admin.template());
        return m.find() && m.group(2) != null ? m.group(2) : "5432";
    }

    private String user() {
        String u = admin.user();
        return u == null || u.isEmpty()
                ? System.getProperty("user.name").toLowerCase(Locale.ROOT)
                : u;
    }
}
