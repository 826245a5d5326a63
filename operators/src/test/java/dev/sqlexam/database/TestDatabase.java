package dev.sqlexam.database;

import java.nio.file.Path;

/**
 * The real PostgreSQL the suite runs against, for both modules: SQLEXAM_JDBC_URL (./sqlexam test
 * sets it to the private cluster), else the private cluster's address as the scripts make it
 * (SQLEXAM_PG_PORT, default 55432; SQLEXAM_PG_SUPERUSER, default sqlexam). Migrated once per JVM.
 */
public final class TestDatabase {

    static {
        ScramKeyCache.install();
    }

    private static boolean migrated;

    private TestDatabase() {}

    public static JdbcUrlTemplate admin() {
        return new JdbcUrlTemplate(url());
    }

    /**
     * The server's URL with {@code {db}} for each database: what every test and every CLI a test
     * starts uses.
     */
    public static String url() {
        String url = System.getenv("SQLEXAM_JDBC_URL");
        if (url != null && !url.isBlank()) return url;
        return StateDatabase.privateCluster(System.getenv());
    }

    /**
     * sqlexam's own state database as a run of the suite finds it (SQLEXAM_STATE_URL, else the
     * private cluster), migrated.
     */
    public static StateDatabase state() {
        migrated();
        return unmigratedState();
    }

    private static StateDatabase unmigratedState() {
        return StateDatabase.from(
                dev.sqlexam.config.Settings.resolve(
                        java.util.Map.of(), System.getenv(), java.util.Map.of()));
    }

    /** The suite's server with every sample database, and sqlexam's state database, migrated. */
    public static synchronized JdbcUrlTemplate migrated() {
        if (!migrated) {
            Migrations.migrate(admin(), unmigratedState(), migrationsDir(), name -> true);
            migrated = true;
        }
        return admin();
    }

    /**
     * A pool of read-only connections as the suite's reader role (the way the pipeline reaches
     * databases).
     */
    public static PooledConnections readerConnections(int maxPerDatabase) {
        ReaderAccess reader = ReaderAccess.resolve(migrated(), "sqlexam", null);
        return new PooledConnections(
                reader.url(), reader.initSql(), true, ConnectionPolicy.DEFAULT);
    }

    public static Path migrationsDir() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (p.resolve("migrations").toFile().isDirectory()) return p.resolve("migrations");
        }
        throw new IllegalStateException(
                "no migrations folder above " + Path.of("").toAbsolutePath());
    }
}
