package dev.sqlexam.database;

import dev.sqlexam.io.Closing;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The physical connections this process holds on one server, shared by all its pools: never more
 * than the budget. Idle connections wait here in release order; a pool that needs a slot while the
 * budget is full takes the least recently used idle one's (whichever database it belongs to), else
 * waits for one.
 */
final class ServerSlots {

    private static final Map<String, ServerSlots> SERVERS = new ConcurrentHashMap<>();

    /** The slots of a server ("host:port"), with the budget of the newest pool that asked. */
    static ServerSlots of(String server, int budget) {
        ServerSlots slots = SERVERS.computeIfAbsent(server, ServerSlots::new);
        slots.resize(budget);
        return slots;
    }

    /**
     * Most connections this process held on a server at once since the last reset (for reports and
     * tests).
     */
    static int peak(String server) {
        ServerSlots slots = SERVERS.get(server);
        return slots == null ? 0 : slots.peak();
    }

    static void resetPeak(String server) {
        ServerSlots slots = SERVERS.get(server);
        if (slots != null) slots.resetPeak();
    }

    /** An idle connection of a pool's database; {@code key} names both. */
    record Idle(String key, Connection connection, long sinceNanos) {}

    /**
     * What {@link #take} hands out: an idle connection of the key, or a slot to open one in (after
     * closing {@code evicted}).
     */
    record Grant(Connection idle, long idleSinceNanos, Connection evicted) {}

    private final String server;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final List<Idle> idle = new ArrayList<>();
    private int budget = 1;
    private int open;
    private int peak;
    private volatile boolean reached;

    private ServerSlots(String server) {
        this.server = server;
    }

    String server() {
        return server;
    }

    Grant take(String key, long timeoutMs) throws SQLException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        lock.lock();
        try {
            while (true) {
                for (int i = idle.size() - 1; i >= 0; i--) {
                    if (idle.get(i).key().equals(key)) {
                        Idle found = idle.remove(i);
                        return new Grant(found.connection(), found.sinceNanos(), null);
                    }
                }
                if (open < budget) {
                    open++;
                    peak = Math.max(peak, open);
                    return new Grant(null, 0, null);
                }
                if (!idle.isEmpty()) {
                    if (open > budget) {
                        // the budget shrank: an idle connection goes for good before anyone takes
                        // its slot
                        Idle surplus = idle.remove(0);
                        open--;
                        Closing.quietly(surplus.connection());
                        continue;
                    }
                    return new Grant(null, 0, idle.remove(0).connection());
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new ConnectionFailure.BudgetExhausted(
                            "all "
                                    + budget
                                    + " connections of the budget for "
                                    + server
                                    + " stayed busy for "
                                    + timeoutMs
                                    + " ms");
                }
                changed.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException(
                    "interrupted while waiting for a connection to " + server, "08000", e);
        } finally {
            lock.unlock();
        }
    }

    /**
     * An idle connection of {@code key} given back within {@code waitNanos}, or null (no slot is
     * taken either way).
     */
    Idle awaitIdle(String key, long waitNanos) throws InterruptedException {
        long deadline = System.nanoTime() + waitNanos;
        lock.lock();
        try {
            while (true) {
                for (int i = idle.size() - 1; i >= 0; i--) {
                    if (idle.get(i).key().equals(key)) return idle.remove(i);
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) return null;
                changed.awaitNanos(left);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Keeps a connection for reuse; false when the budget shrank below what is open (the caller
     * closes it and frees its slot).
     */
    boolean giveBack(String key, Connection connection) {
        lock.lock();
        try {
            if (open > budget) return false;
            idle.add(new Idle(key, connection, System.nanoTime()));
            changed.signalAll();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** A physical connection was closed (or never opened): its slot is free. */
    void free() {
        lock.lock();
        try {
            open--;
            changed.signal();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes out the idle connections whose key matches, or that idled longer than {@code idleMs};
     * the caller closes them.
     */
    List<Connection> drain(java.util.function.Predicate<String> keys, long idleMs) {
        long cutoff = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(idleMs);
        List<Connection> out = new ArrayList<>();
        lock.lock();
        try {
            idle.removeIf(
                    i -> {
                        boolean remove = keys.test(i.key()) || i.sinceNanos() < cutoff;
                        if (remove) out.add(i.connection());
                        return remove;
                    });
            open -= out.size();
            if (!out.isEmpty()) changed.signalAll();
        } finally {
            lock.unlock();
        }
        return out;
    }

    void markReached() {
        reached = true;
    }

    /**
     * Whether this process ever connected to the server (an unreachable server is then taken to be
     * restarting).
     */
    boolean reached() {
        return reached;
    }

    private void resize(int newBudget) {
        lock.lock();
        try {
            budget = Math.max(1, newBudget);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private int peak() {
        lock.lock();
        try {
            return peak;
        } finally {
            lock.unlock();
        }
    }

    private void resetPeak() {
        lock.lock();
        try {
            peak = open;
        } finally {
            lock.unlock();
        }
    }
}
