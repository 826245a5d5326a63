package dev.sqlexam.database;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Applies the versioned SQL under {@code migrations/}: each folder is one database of that name,
 * migrated by Flyway ({@code sqlexam}, sqlexam's own state database, first, on the state server).
 * After a sample database is migrated, the read-only role gets CONNECT and SELECT on it.
 */
public final class Migrations {

    public static final String CONTROL_DATABASE = "sqlexam";
    public static final String META_SCHEMA = "sqlexam_meta";

    private Migrations() {}

    /** What migrating one database did. */
    public record Report(
            String database, int applied, String version, boolean created, String note) {}

    /**
     * Everything on one server: sqlexam's own database and every sample database (the private
     * cluster's setup, and tests).
     */
    public static List<Report> migrateAll(JdbcUrlTemplate admin, Path migrationsDir) {
        return migrate(
                admin,
                new StateDatabase(
                        admin, admin.perDatabase() ? CONTROL_DATABASE : admin.fixedDatabase()),
                migrationsDir,
                name -> true);
    }

    /**
     * sqlexam's own database into {@code state}, and of the sample databases (erp, demo) those
     * {@code wanted} accepts onto {@code server}: an exam on a user's server creates no sample
     * database it does not ask about, and never migrates a database of that name that sqlexam did
     * not create.
     */
    public static List<Report> migrate(
            JdbcUrlTemplate server,
            StateDatabase state,
            Path migrationsDir,
            Predicate<String> wanted) {
        List<Report> reports = new ArrayList<>();
        try (MigrationLock lock = MigrationLock.take(server)) {
            for (Path folder : databaseFolders(migrationsDir)) {
                String database = folder.getFileName().toString();
                if (database.equals(CONTROL_DATABASE)) {
                    reports.add(migrateState(state, folder));
                } else if (wanted.test(database)) {
                    reports.add(migrateSample(server, database, folder));
                }
            }
        }
        return reports;
    }

    private static Report migrateState(StateDatabase state, Path folder) {
        try {
            boolean created =
                    state.server().perDatabase()
                            && createDatabaseIfMissing(state.server(), state.database());
            return apply(state.url(), state.database(), folder, created, "");
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "migrating sqlexam's own "
                            + state
                            + " from "
                            + folder
                            + " failed: "
                            + e.getMessage(),
                    e);
        }
    }

    private static Report migrateSample(JdbcUrlTemplate server, String database, Path folder) {
        if (!server.perDatabase()) {
            return new Report(
                    database,
                    0,
                    null,
                    false,
                    "skipped: the JDBC URL names one database; use {db} to let sqlexam create sample databases");
        }
        Report report;
        try {
            boolean created = createDatabaseIfMissing(server, database);
            if (!created && !hasOwnMetaSchema(server.forDatabase(database))) {
                return new Report(
                        database,
                        0,
                        null,
                        false,
                        "skipped: a database of that name exists that sqlexam did not create; left as it is");
            }
            report =
                    created
                            ? loadAudited(server, database, folder)
                            : apply(server.forDatabase(database), database, folder, false, "");
        } catch (RuntimeException e) {
            // a sample database the connecting user may not create or change is not needed by an
            // exam of the user's own
            return new Report(database, 0, null, false, "skipped (" + rootMessage(e) + ")");
        }
        grantReadAccess(server, database);
        return report;
    }

    /**
     * A sample database sqlexam has just created, loaded with its foreign keys checked once after
     * the load rather than row by row (see {@link ForeignKeyAudit}); dropped again when a row lacks
     * its parent.
     */
    private static Report loadAudited(JdbcUrlTemplate server, String database, Path folder) {
        String url = server.forDatabase(database);
        String initSql = ForeignKeyAudit.uncheckedLoad(server);
        Report report = apply(url, database, folder, true, initSql);
        if (initSql.isEmpty()) return report;
        List<String> violated;
        try {
            violated = ForeignKeyAudit.violations(url);
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "cannot check the foreign keys of " + database + ": " + e.getMessage(), e);
        }
        if (violated.isEmpty()) return report;
        try (Connection c = DriverManager.getConnection(server.forDatabase("postgres"));
                Statement st = c.createStatement()) {
            st.execute("DROP DATABASE \"" + database + "\" WITH (FORCE)");
        } catch (SQLException e) {
            throw new IllegalStateException(
                    database
                            + "'s rows violate "
                            + violated
                            + "; dropping it failed too: "
                            + e.getMessage(),
                    e);
        }
        throw new IllegalStateException(
                "the migrations of "
                        + database
                        + " load rows without their parent: "
                        + violated
                        + " (the database is dropped again)");
    }

    private static Report apply(
            String url, String database, Path folder, boolean created, String initSql) {
        String digest = MigrationStamp.digest(folder);
        java.util.Optional<String> stamped =
                created ? java.util.Optional.empty() : MigrationStamp.current(url, digest);
        if (stamped.isPresent())
            return new Report(
                    database, 0, stamped.get().isEmpty() ? null : stamped.get(), created, null);
        Flyway flyway = flyway(url, folder, initSql);
        MigrateResult result = flyway.migrate();
        var current = flyway.info().current();
        String version = current == null ? null : current.getVersion().getVersion();
        MigrationStamp.record(url, digest, version);
        return new Report(database, result.migrationsExecuted, version, created, null);
    }

    private static boolean hasOwnMetaSchema(String url) {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement ps =
                        c.prepareStatement("SELECT 1 FROM pg_namespace WHERE nspname = ?")) {
            ps.setString(1, META_SCHEMA);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "cannot read the schemas of "
                            + JdbcUrlTemplate.redact(url)
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /**
     * Flyway for one database and folder; the history table lives in its own schema, away from the
     * data.
     */
    static Flyway flyway(String jdbcUrl, Path folder) {
        return flyway(jdbcUrl, folder, "");
    }

    /** As {@link #flyway(String, Path)}, each of its connections set up by {@code initSql}. */
    static Flyway flyway(String jdbcUrl, Path folder, String initSql) {
        return Flyway.configure()
                .dataSource(jdbcUrl, null, null)
                .initSql(initSql.isEmpty() ? null : initSql)
                .locations("filesystem:" + folder.toAbsolutePath())
                .schemas(META_SCHEMA)
                .defaultSchema(META_SCHEMA)
                .placeholderReplacement(false)
                .mixed(true)
                .load();
    }

    static List<Path> databaseFolders(Path migrationsDir) {
        if (!Files.isDirectory(migrationsDir)) {
            throw new IllegalStateException(
                    "no migrations folder at " + migrationsDir.toAbsolutePath());
        }
        try (Stream<Path> children = Files.list(migrationsDir)) {
            return children.filter(Files::isDirectory)
                    .filter(p -> JdbcUrlTemplate.isSafeDatabaseName(p.getFileName().toString()))
                    .sorted(
                            Comparator.comparing(
                                            (Path p) ->
                                                    !p.getFileName()
                                                            .toString()
                                                            .equals(CONTROL_DATABASE))
                                    .thenComparing(p -> p.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + migrationsDir, e);
        }
    }

    /**
     * Creates the database through the control or maintenance database; true when it was created.
     */
    static boolean createDatabaseIfMissing(JdbcUrlTemplate admin, String database) {
        SQLException last = null;
        for (String via : List.of("postgres", "template1")) {
            try (Connection c = DriverManager.getConnection(admin.forDatabase(via))) {
                try (PreparedStatement ps =
                        c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
                    ps.setString(1, database);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next()) return false;
                    }
                }
                try (Statement st = c.createStatement()) {
                    st.execute("CREATE DATABASE \"" + database + "\"");
                }
                return true;
            } catch (SQLException e) {
                last = e;
            }
        }
        throw new IllegalStateException(
                "cannot create database '"
                        + database
                        + "' on "
                        + admin.redacted()
                        + ": "
                        + (last == null ? "no maintenance database" : last.getMessage()),
                last);
    }

    /** CONNECT and SELECT (now and for future tables) on every user schema; nothing else. */
    public static void grantReadAccess(JdbcUrlTemplate admin, String database) {
        try (Connection c = DriverManager.getConnection(admin.forDatabase(database));
                Statement st = c.createStatement()) {
            try (ResultSet rs =
                    st.executeQuery(
                            "SELECT 1 FROM pg_roles WHERE rolname = '"
                                    + ReaderAccess.READER_ROLE
                                    + "'")) {
                if (!rs.next()) return;
            }
            st.execute(
                    "GRANT CONNECT ON DATABASE \""
                            + database
                            + "\" TO "
                            + ReaderAccess.READER_ROLE);
            List<String> schemas = new ArrayList<>();
            try (ResultSet rs =
                    st.executeQuery(
                            "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' "
                                    + "AND nspname NOT IN ('information_schema', '"
                                    + META_SCHEMA
                                    + "')")) {
                while (rs.next()) schemas.add(rs.getString(1));
            }
            for (String schema : schemas) {
                String s = "\"" + schema.replace("\"", "\"\"") + "\"";
                st.execute("GRANT USAGE ON SCHEMA " + s + " TO " + ReaderAccess.READER_ROLE);
                st.execute(
                        "GRANT SELECT ON ALL TABLES IN SCHEMA "
                                + s
                                + " TO "
                                + ReaderAccess.READER_ROLE);
                st.execute(
                        "ALTER DEFAULT PRIVILEGES IN SCHEMA "
                                + s
                                + " GRANT SELECT ON TABLES TO "
                                + ReaderAccess.READER_ROLE);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "cannot grant read access on '"
                            + database
                            + "' to "
                            + ReaderAccess.READER_ROLE
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }
}
