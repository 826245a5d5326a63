package dev.sqlexam.suite;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.database.TestDatabase;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Witness databases shared by processes: another process's claim (an advisory lock held on a
 * connection of its own, as {@link WitnessSlots} holds them) is never taken, a database left half
 * made is made again, and one dropped under a claim is made again at its next use.
 */
class WitnessSlotsITCase {

    private static final String HASH = "ut_slots";
    private static final String DB = SuiteDatabase.PREFIX + HASH + "_db";
    private static JdbcUrlTemplate server;
    private static TestSuite suite;

    @BeforeAll
    static void suiteDatabase() throws Exception {
        StateDatabase state = TestDatabase.state();
        server = state.server();
        dropAll();
        SuiteDatabase.create(server, DB);
        SuiteSchema schema;
        try (Connection c = DriverManager.getConnection(server.forDatabase(DB));
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (id int PRIMARY KEY, v text)");
            schema = SuiteSchemaReader.read(c);
        }
        suite = new TestSuite(DB, HASH, List.of(DB), Map.of(), schema, 0, 0, 0, List.of(), 0, null);
    }

    @AfterAll
    static void dropAll() throws Exception {
        for (String db : SuiteDatabase.existing(server, SuiteDatabase.PREFIX + HASH + "_"))
            SuiteDatabase.drop(server, db);
    }

    @Test
    void slotsHeldByAnotherProcessOrLeftHalfMadeAreNotUsedAsTheyAre() throws Exception {
        String w0 = WitnessSlots.name(HASH, 0);
        String w1 = WitnessSlots.name(HASH, 1);
        String w2 = WitnessSlots.name(HASH, 2);
        // another process holds w0; w1 was left half made (no table, not marked ready)
        SuiteDatabase.create(server, w1);
        try (Connection other = DriverManager.getConnection(server.forDatabase("postgres"))) {
            lockAs(other, "pg_advisory_lock", w0);
            String first = WitnessSlots.acquire(server, suite);
            String second = WitnessSlots.acquire(server, suite);
            assertThat(List.of(first, second)).containsExactly(w1, w2);
            assertThat(tables(w1)).containsExactly("t");
            assertThat(tables(w2)).containsExactly("t");

            // this process holds its two: a third process finds both taken
            List<Boolean> taken = new ArrayList<>();
            for (String w : List.of(w1, w2)) taken.add(!lockAs(other, "pg_try_advisory_lock", w));
            assertThat(taken).containsExactly(true, true);
            // both claims on one session: a grade over many suites holds one connection for them
            assertThat(claimsHeldElsewhere(other, "count(DISTINCT pid)", w1, w2)).isEqualTo(1);

            // given back and dropped under its claim (its suite built again): made again
            WitnessSlots.release(suite, first);
            WitnessSlots.release(suite, second);
            SuiteDatabase.drop(server, w1);
            String again = WitnessSlots.acquire(server, suite);
            assertThat(again).isIn(w1, w2);
            assertThat(tables(again)).containsExactly("t");
            WitnessSlots.release(suite, again);

            // the session holding the claims ends (an administrator, a restart): claimed again on
            // a new one, and each name locked once
            try (Statement st = other.createStatement()) {
                st.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = "
                                + WitnessSlots.LOCK_SPACE
                                + "::oid AND objid = hashtext('"
                                + w1
                                + "')::oid AND pid <> pg_backend_pid()");
            }
            Thread.sleep(200);
            String afterLoss = WitnessSlots.acquire(server, suite);
            assertThat(afterLoss).isIn(w1, w2);
            assertThat(tables(afterLoss)).containsExactly("t");
            assertThat(claimsHeldElsewhere(other, "count(*)", w1, w2))
                    .as("w1 and w2, held by the new session")
                    .isEqualTo(2);
            WitnessSlots.release(suite, afterLoss);

            // the last Witness of the process closes (a job ends on a TaskManager that stays):
            // no session of this process holds a claim any more; the next grade claims again
            WitnessSlots.leave();
            // a closed session's locks go as its backend exits, a moment after the close
            int held = claimsHeldElsewhere(other, "count(*)", w1, w2);
            for (int i = 0; i < 50 && held != 0; i++) {
                Thread.sleep(100);
                held = claimsHeldElsewhere(other, "count(*)", w1, w2);
            }
            assertThat(held).as("claims left after the last witness closed").isZero();
            String next = WitnessSlots.acquire(server, suite);
            assertThat(next).isIn(w1, w2);
            WitnessSlots.release(suite, next);
        }
    }

    /** As another process would claim a witness database: true when it got the lock. */
    private static boolean lockAs(Connection other, String function, String name) throws Exception {
        try (PreparedStatement ps =
                other.prepareStatement(
                        "SELECT " + function + "(" + WitnessSlots.LOCK_SPACE + ", hashtext(?))")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return !(rs.getObject(1) instanceof Boolean got) || got;
            }
        }
    }

    /**
     * {@code count} ({@code count(*)}, {@code count(DISTINCT pid)}) of the claims on these witness
     * databases held by sessions other than {@code other}.
     */
    private static int claimsHeldElsewhere(Connection other, String count, String... names)
            throws Exception {
        try (PreparedStatement ps =
                other.prepareStatement(
                        "SELECT "
                                + count
                                + " FROM pg_locks WHERE locktype = 'advisory' AND granted"
                                + " AND classid = "
                                + WitnessSlots.LOCK_SPACE
                                + "::oid AND objid IN (SELECT hashtext(n)::oid FROM unnest(?::text[]) n)"
                                + " AND pid <> pg_backend_pid()")) {
            ps.setArray(1, other.createArrayOf("text", names));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static List<String> tables(String db) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(server.forDatabase(db));
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }
}
