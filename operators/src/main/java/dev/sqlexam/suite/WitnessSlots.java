package dev.sqlexam.suite;

import dev.sqlexam.database.ConnectionHealth;
import dev.sqlexam.database.DatabaseComment;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.io.Closing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The witness databases of a suite ({@code <suite>_w0}, {@code _w1}, …), kept between runs. A
 * process uses at most {@link #PER_PROCESS} of them per suite, each claimed for its lifetime with
 * an advisory lock (all of a server's on one connection of the process), so that two processes
 * grading with one suite (a grade beside a watch, two forks of a test run) never load rows into the
 * same one, nor drop one the other is using. One a process left half made (it died while making it)
 * is made again.
 */
final class WitnessSlots {

    static final int PER_PROCESS = 2;

    /** Witness databases of one suite at most: as many processes at once get evidence. */
    static final int MAX = 16;

    private static final String READY = "sqlexam witness database, ready";

    /** The first key of the witness databases' advisory locks ("sqw"). */
    static final int LOCK_SPACE = 0x737177;

    /** Per suite hash, this process's claimed slots not in use (null: a claim not yet made). */
    private static final Map<String, BlockingQueue<Slot>> FREE = new ConcurrentHashMap<>();

    /** The slots this process holds, by name. */
    private static final Map<String, Slot> CLAIMED = new ConcurrentHashMap<>();

    /** The slots handed out by {@link #acquire} and not yet given back, by name. */
    private static final Map<String, Slot> IN_USE = new ConcurrentHashMap<>();

    /** Per server, the connection holding this process's claims there. */
    private static final Map<String, Connection> CLAIMS = new ConcurrentHashMap<>();

    /** A claim: the slot's name (null until made) and the connection holding its lock. */
    private static final class Slot {
        String name;
        Connection claim;
    }

    /** The {@link Witness}es open in this process (the grading steps of its jobs). */
    private static int users;

    private WitnessSlots() {}

    /** A {@link Witness} opens. */
    static synchronized void join() {
        users++;
    }

    /**
     * A {@link Witness} closes; when none is left, this process's claims go (their connections
     * close, the locks with them), so that a long-lived process (a Flink TaskManager between jobs)
     * holds nothing idle. The databases stay for the next run.
     */
    static synchronized void leave() {
        users = Math.max(0, users - 1);
        if (users > 0) return;
        // the server ends each session and its locks with it, even where a close fails
        CLAIMS.values().forEach(Closing::quietly);
        CLAIMS.clear();
        CLAIMED.clear();
        IN_USE.clear();
        FREE.clear();
    }

    /** Witness database {@code i} of the suite {@code hash}. */
    static String name(String hash, int i) {
        return SuiteDatabase.PREFIX + hash + "_w" + i;
    }

    /**
     * A witness database of {@code suite} this process alone uses until {@link #release}, or null
     * when none frees up in time; an SQLException says why none could be made.
     */
    static String acquire(JdbcUrlTemplate admin, TestSuite suite)
            throws InterruptedException, SQLException {
        BlockingQueue<Slot> free =
                FREE.computeIfAbsent(
                        suite.hash(),
                        h -> {
                            BlockingQueue<Slot> q = new ArrayBlockingQueue<>(PER_PROCESS);
                            for (int i = 0; i < PER_PROCESS; i++) q.add(new Slot());
                            return q;
                        });
        Slot slot = free.poll(60, TimeUnit.SECONDS);
        if (slot == null) return null;
        if (slot.name != null && stillReady(slot)) return handed(slot);
        try {
            claim(admin, suite, slot);
            return handed(slot);
        } catch (SQLException | RuntimeException e) {
            free.offer(slot);
            throw e instanceof SQLException made ? made : new SQLException(e.toString(), e);
        }
    }

    private static String handed(Slot slot) {
        IN_USE.put(slot.name, slot);
        return slot.name;
    }

    /** Gives back a witness database {@link #acquire} returned. */
    static void release(TestSuite suite, String name) {
        Slot slot = IN_USE.remove(name);
        if (slot != null) FREE.get(suite.hash()).offer(slot);
    }

    /** The slot's database is still there and whole, and its claim still held. */
    private static synchronized boolean stillReady(Slot slot) {
        // the claim's connection gone: the caller claims again
        return ConnectionHealth.holds(
                () ->
                        CLAIMED.get(slot.name) == slot
                                && !slot.claim.isClosed()
                                && ready(slot.claim, slot.name));
    }

    /** The first witness database of the suite no other process holds, made if need be. */
    private static synchronized void claim(JdbcUrlTemplate admin, TestSuite suite, Slot slot)
            throws SQLException {
        Connection claim = claims(admin);
        // a claim lost with its connection (the server restarted), or a database dropped under it
        // (its suite built again), is made again; the old name is given up
        if (slot.name != null) {
            CLAIMED.remove(slot.name);
            if (slot.claim == claim) unlock(claim, slot.name);
        }
        slot.name = null;
        for (int i = 0; i < MAX; i++) {
            String name = name(suite.hash(), i);
            if (CLAIMED.containsKey(name) || !lock(claim, name, "pg_try_advisory_lock")) continue;
            try {
                if (!ready(claim, name)) make(admin, claim, suite, name);
            } catch (SQLException | RuntimeException e) {
                unlock(claim, name);
                throw e;
            }
            slot.name = name;
            slot.claim = claim;
            CLAIMED.put(name, slot);
            return;
        }
        throw new SQLException("all " + MAX + " witness databases of the suite are in use");
    }

    /**
     * This process's claims on the server: one connection. One found lost is opened again and the
     * claims taken again on it; a name another process took meanwhile (closing the old session let
     * its locks go) is left to that process, and its slot claims afresh at its next use.
     */
    private static Connection claims(JdbcUrlTemplate admin) throws SQLException {
        String url = admin.forDatabase("postgres");
        Connection c = CLAIMS.get(url);
        if (c != null && c.isValid(10)) return c;
        if (c != null) c.close();
        Properties timeout = new Properties();
        timeout.setProperty("socketTimeout", "60");
        Connection fresh = DriverManager.getConnection(url, timeout);
        CLAIMS.put(url, fresh);
        for (Map.Entry<String, Slot> held : CLAIMED.entrySet()) {
            if (held.getValue().claim != c) continue;
            if (lock(fresh, held.getKey(), "pg_try_advisory_lock")) held.getValue().claim = fresh;
            else CLAIMED.remove(held.getKey());
        }
        return fresh;
    }

    /**
     * An advisory lock on the witness database's name, in a key space of its own (the first key),
     * so that it never meets another advisory lock on the server.
     */
    private static boolean lock(Connection claim, String name, String function)
            throws SQLException {
        try (PreparedStatement ps =
                claim.prepareStatement(
                        "SELECT " + function + "(" + LOCK_SPACE + ", hashtext(?))")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private static void unlock(Connection claim, String name) {
        // an unlock that fails: the session is gone, and its locks with it
        Closing.quietly(() -> lock(claim, name, "pg_advisory_unlock"));
    }

    private static boolean ready(Connection claim, String name) throws SQLException {
        return READY.equals(DatabaseComment.read(claim, name));
    }

    private static void make(JdbcUrlTemplate admin, Connection claim, TestSuite suite, String name)
            throws SQLException {
        SuiteDatabase.create(admin, name);
        try (Connection c = DriverManager.getConnection(admin.forDatabase(name))) {
            List<String> notes = new ArrayList<>();
            SuiteDatabase.applySchema(c, suite.schema(), notes);
            for (SuiteSchema.View v : suite.schema().views())
                if (!v.materialized()) SuiteDatabase.tryExecute(c, v.createStatement(), null);
            SuiteDatabase.grantReader(c, suite.schema());
        }
        DatabaseComment.write(claim, name, READY);
    }
}
