package dev.sqlexam.database;

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
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Applies the versioned SQL under {@code migrations/}: each folder is one database of that name,
 * migrated by Flyway ({@code sqlexam}, the control database, first). After a sample database is
 * migrated, the read-only role gets CONNECT and SELECT on it.
 */
public final class Migrations {

    public static final String CONTROL_DATABASE = "sqlexam";
    public static final String META_SCHEMA = "sqlexam_meta";

    private Migrations() {}

    /** What migrating one database did. */
    public record Report(String database, int applied, String version, boolean created, String note) {}

    public static List<Report> migrateAll(JdbcUrlTemplate admin, Path migrationsDir) {
        return migrate(admin, migrationsDir, name -> true);
    }

    /**
     * sqlexam's own database, and of the sample databases (erp, demo) only those {@code wanted} accepts: an exam on a
     * user's server creates no sample database it does not ask about.
     */
    public static List<Report> migrate(JdbcUrlTemplate admin, Path migrationsDir, java.util.function.Predicate<String> wanted) {
        List<Report> reports = new ArrayList<>();
        for (Path folder : databaseFolders(migrationsDir)) {
            String database = folder.getFileName().toString();
            if (!database.equals(CONTROL_DATABASE) && !wanted.test(database)) continue;
            if (!admin.perDatabase() && !database.equals(CONTROL_DATABASE)) {
                reports.add(new Report(database, 0, null, false,
                        "skipped: the JDBC URL names one database; use {db} to let sqlexam create sample databases"));
                continue;
            }
            String target = admin.perDatabase() ? database : admin.fixedDatabase();
            boolean created;
            String version;
            int applied;
            try {
                created = admin.perDatabase() && createDatabaseIfMissing(admin, database);
                String digest = MigrationStamp.digest(folder);
                java.util.Optional<String> stamped = created ? java.util.Optional.empty() : MigrationStamp.current(admin.forDatabase(target), digest);
                if (stamped.isPresent()) {
                    applied = 0;
                    version = stamped.get().isEmpty() ? null : stamped.get();
                } else {
                    Flyway flyway = flyway(admin.forDatabase(target), folder);
                    MigrateResult result = flyway.migrate();
                    applied = result.migrationsExecuted;
                    var current = flyway.info().current();
                    version = current == null ? null : current.getVersion().getVersion();
                    MigrationStamp.record(admin.forDatabase(target), digest, version);
                }
            } catch (RuntimeException e) {
                if (database.equals(CONTROL_DATABASE)) {
                    throw new IllegalStateException("migrating database '" + target + "' from " + folder + " failed: "
                            + e.getMessage(), e);
                }
                // a sample database the connecting user may not create or change is not needed by an exam of the user's own
                reports.add(new Report(target, 0, null, false, "skipped (" + rootMessage(e) + ")"));
                continue;
            }
            if (!database.equals(CONTROL_DATABASE)) grantReadAccess(admin, target);
            reports.add(new Report(target, applied, version, created, null));
        }
        return reports;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** Flyway for one database and folder; the history table lives in its own schema, away from the data. */
    static Flyway flyway(String jdbcUrl, Path folder) {
        return Flyway.configure()
                .dataSource(jdbcUrl, null, null)
                .locations("filesystem:" + folder.toAbsolutePath())
                .schemas(META_SCHEMA)
                .defaultSchema(META_SCHEMA)
                .placeholderReplacement(false)
                .mixed(true)
                .load();
    }

    static List<Path> databaseFolders(Path migrationsDir) {
        if (!Files.isDirectory(migrationsDir)) {
            throw new IllegalStateException("no migrations folder at " + migrationsDir.toAbsolutePath());
        }
        try (Stream<Path> children = Files.list(migrationsDir)) {
            return children.filter(Files::isDirectory)
                    .filter(p -> JdbcUrlTemplate.isSafeDatabaseName(p.getFileName().toString()))
                    .sorted(Comparator.comparing((Path p) -> !p.getFileName().toString().equals(CONTROL_DATABASE))
                            .thenComparing(p -> p.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + migrationsDir, e);
        }
    }

    /** Creates the database through the control or maintenance database; true when it was created. */
    static boolean createDatabaseIfMissing(JdbcUrlTemplate admin, String database) {
        SQLException last = null;
        for (String via : List.of("postgres", "template1")) {
            try (Connection c = DriverManager.getConnection(admin.forDatabase(via))) {
                try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
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
        throw new IllegalStateException("cannot create database '" + database + "' on " + admin.redacted()
                + ": " + (last == null ? "no maintenance database" : last.getMessage()), last);
    }

    /** CONNECT and SELECT (now and for future tables) on every user schema; nothing else. */
    public static void grantReadAccess(JdbcUrlTemplate admin, String database) {
        try (Connection c = DriverManager.getConnection(admin.forDatabase(database));
                Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + ReaderAccess.READER_ROLE + "'")) {
                if (!rs.next()) return;
            }
            st.execute("GRANT CONNECT ON DATABASE \"" + database + "\" TO " + ReaderAccess.READER_ROLE);
            List<String> schemas = new ArrayList<>();
            try (ResultSet rs = st.executeQuery(
                    "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' "
                            + "AND nspname NOT IN ('information_schema', '" + META_SCHEMA + "')")) {
                while (rs.next()) schemas.add(rs.getString(1));
            }
            for (String schema : schemas) {
                String s = "\"" + schema.replace("\"", "\"\"") + "\"";
                st.execute("GRANT USAGE ON SCHEMA " + s + " TO " + ReaderAccess.READER_ROLE);
                st.execute("GRANT SELECT ON ALL TABLES IN SCHEMA " + s + " TO " + ReaderAccess.READER_ROLE);
                st.execute("ALTER DEFAULT PRIVILEGES IN SCHEMA " + s + " GRANT SELECT ON TABLES TO " + ReaderAccess.READER_ROLE);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot grant read access on '" + database + "' to "
                    + ReaderAccess.READER_ROLE + ": " + e.getMessage(), e);
        }
    }
}
