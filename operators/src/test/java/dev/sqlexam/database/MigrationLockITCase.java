package dev.sqlexam.database;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Two processes migrating one server: the second waits for the first, then goes. */
class MigrationLockITCase {

    @Test
    void aSecondMigrationWaitsForTheFirstAndThenTakesTheLock() throws Exception {
        JdbcUrlTemplate admin = TestDatabase.migrated();
        CompletableFuture<MigrationLock> second;
        try (MigrationLock first = MigrationLock.take(admin)) {
            second = CompletableFuture.supplyAsync(() -> MigrationLock.take(admin));
            Thread.sleep(1_000);
            assertThat(second).as("waits while the first holds the lock").isNotDone();
            assertThat(held(admin)).isTrue();
        }
        long holder;
        try (MigrationLock taken = second.get(10, TimeUnit.SECONDS)) {
            assertThat(held(admin)).as("the second holds it now").isTrue();
            // the lock is exclusive: the one session holding it now is the second's
            holder = holders(admin, "");
        }
        // other test JVMs migrate this server too and may take the lock next: the second's
        // session is the one that must have let it go
        assertThat(holders(admin, " AND pid = " + holder)).as("released when closed").isZero();
    }

    /** Whether some session holds the migrations' advisory lock (two-key form: objsubid 2). */
    private static boolean held(JdbcUrlTemplate admin) throws Exception {
        return holders(admin, "") > 0;
    }

    /**
     * The backend pid holding the migrations' lock among the sessions {@code where} keeps, or 0.
     */
    private static long holders(JdbcUrlTemplate admin, String where) throws Exception {
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement st = c.createStatement();
                var rs =
                        st.executeQuery(
                                "SELECT coalesce(max(pid), 0) FROM pg_locks WHERE locktype = 'advisory' AND granted"
                                        + " AND classid = hashtext('sqlexam')::oid"
                                        + " AND objid = hashtext('migrations')::oid AND objsubid = 2"
                                        + where)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
