package dev.sqlexam.database;

/**
 * The PostgreSQL driver, registered with {@link java.sql.DriverManager} from sqlexam's own class
 * loader. On a Flink worker the job's classes come from a user-code class loader, and DriverManager
 * lends a driver only to a caller whose loader sees that same driver class: the copy the worker's
 * system loader registered is not it ("No suitable driver found").
 */
public final class PostgresDriver {

    private PostgresDriver() {}

    /** Loads and so registers the driver once per class loader; cheap after the first call. */
    public static void ensureRegistered() {
        try {
            Class.forName("org.postgresql.Driver", true, PostgresDriver.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(
                    "the PostgreSQL JDBC driver is not on the class path", e);
        }
    }
}
