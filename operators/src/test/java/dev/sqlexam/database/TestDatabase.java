package dev.sqlexam.database;

import java.nio.file.Path;

/**
 * The real PostgreSQL the suite runs against: SQLEXAM_JDBC_URL (./sqlexam test sets it to the
 * private cluster) or the private cluster's default address. Migrated once per JVM.
 */
public final class TestDatabase {

    private static boolean migrated;

    private TestDatabase() {}

    public static JdbcUrlTemplate admin() {
        String url = System.getenv("SQLEXAM_JDBC_URL");
        return new JdbcUrlTemplate(url != null && !url.isBlank() ? url
                : "jdbc:postgresql://127.0.0.1:55432/{db}?user=sqlexam");
    }

    public static synchronized JdbcUrlTemplate migrated() {
        if (!migrated) {
            Migrations.migrateAll(admin(), migrationsDir());
            migrated = true;
        }
        return admin();
    }

    /** A pool of read-only connections as the suite's reader role (the way the pipeline reaches databases). */
    public static PooledConnections readerConnections(int maxPerDatabase) {
        ReaderAccess reader = ReaderAccess.resolve(migrated(), "sqlexam", null);
        return new PooledConnections(reader.url(), reader.initSql(), true, ConnectionPolicy.DEFAULT);
    }

    public static Path migrationsDir() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (p.resolve("migrations").toFile().isDirectory()) return p.resolve("migrations");
        }
        throw new IllegalStateException("no migrations folder above " + Path.of("").toAbsolutePath());
    }
}
