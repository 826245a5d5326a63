package dev.sqlexam.database;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A PostgreSQL cluster a test makes and removes itself, with the machine's server binaries (those
 * the scripts install): a server sqlexam did not create, its superuser {@code admin}, loopback
 * only, trust on 127.0.0.1 for the test's lifetime, replication allowed so that {@link #standby}
 * can clone it with {@code pg_basebackup -R}.
 */
public final class ThrowawayCluster implements AutoCloseable {

    public static final String SUPERUSER = "admin";
    private static final Path BIN =
            Path.of(
                    "/usr/lib/postgresql",
                    System.getenv().getOrDefault("SQLEXAM_PG_VERSION", "15"),
                    "bin");

    private final Path data;
    private final int port;

    private ThrowawayCluster(Path data, int port) {
        this.data = data;
        this.port = port;
    }

    /** A new primary in a folder of its own under {@code parent}. */
    public static ThrowawayCluster primary(Path parent) throws Exception {
        Path data = ownFolder(parent, "primary");
        int port = freePort();
        run(
                List.of(
                        BIN.resolve("initdb").toString(),
                        "-D",
                        data.toString(),
                        "-U",
                        SUPERUSER,
                        "-E",
                        "UTF8",
                        "--locale=C.UTF-8",
                        "--auth=trust"));
        configure(data, port);
        ThrowawayCluster cluster = new ThrowawayCluster(data, port);
        cluster.start();
        return cluster;
    }

    /**
     * A hot standby of this cluster, streaming from it ({@code pg_basebackup -R}), started and in
     * recovery.
     */
    public ThrowawayCluster standby(Path parent) throws Exception {
        Path copy = ownFolder(parent, "standby");
        run(
                List.of(
                        BIN.resolve("pg_basebackup").toString(),
                        "-h",
                        "127.0.0.1",
                        "-p",
                        String.valueOf(port),
                        "-U",
                        SUPERUSER,
                        "-D",
                        copy.toString(),
                        "-R",
                        "-X",
                        "stream",
                        "-c",
                        "fast"));
        int standbyPort = freePort();
        Files.writeString(
                copy.resolve("postgresql.auto.conf"),
                "port = " + standbyPort + "\nunix_socket_directories = '" + copy + "'\n",
                StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        ThrowawayCluster standby = new ThrowawayCluster(copy, standbyPort);
        standby.start();
        try (Connection c = DriverManager.getConnection(standby.url("postgres"));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT pg_is_in_recovery()")) {
            rs.next();
            if (!rs.getBoolean(1))
                throw new IllegalStateException("the standby is not in recovery");
        }
        return standby;
    }

    /** The JDBC URL of {@code database} (or {@code {db}}) as {@code user}. */
    public String url(String database, String user) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=" + user;
    }

    public String url(String database) {
        return url(database, SUPERUSER);
    }

    /** Runs statements on {@code database} as the superuser. */
    public void execute(String database, String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection(url(database));
                Statement st = c.createStatement()) {
            for (String sql : statements) st.execute(sql);
        }
    }

    /** Waits until the standby has replayed everything the primary wrote so far. */
    public void awaitReplayOf(ThrowawayCluster primary) throws Exception {
        String lsn;
        try (Connection c = DriverManager.getConnection(primary.url("postgres"));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT pg_current_wal_lsn()")) {
            rs.next();
            lsn = rs.getString(1);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try (Connection c = DriverManager.getConnection(url("postgres"));
                    Statement st = c.createStatement();
                    ResultSet rs =
                            st.executeQuery(
                                    "SELECT pg_last_wal_replay_lsn() >= '" + lsn + "'::pg_lsn")) {
                rs.next();
                if (rs.getBoolean(1)) return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the standby did not replay up to " + lsn + " in 60 s");
    }

    private void start() throws Exception {
        run(
                List.of(
                        BIN.resolve("pg_ctl").toString(),
                        "-D",
                        data.toString(),
                        "-l",
                        data.resolve("log").toString(),
                        "-w",
                        "-t",
                        "60",
                        "start"));
    }

    @Override
    public void close() throws Exception {
        run(
                List.of(
                        BIN.resolve("pg_ctl").toString(),
                        "-D",
                        data.toString(),
                        "-m",
                        "immediate",
                        "-w",
                        "stop"));
    }

    private static void configure(Path data, int port) throws IOException {
        Files.writeString(
                data.resolve("postgresql.conf"),
                "\nlisten_addresses = '127.0.0.1'\nport = "
                        + port
                        + "\nunix_socket_directories = '"
                        + data
                        + "'\nwal_level = replica\nmax_wal_senders = 4\nhot_standby = on\n"
                        + "shared_buffers = 32MB\nmax_connections = 60\nfsync = off\n",
                StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(
                data.resolve("pg_hba.conf"),
                "local all all trust\nhost all all 127.0.0.1/32 trust\n"
                        + "host replication all 127.0.0.1/32 trust\n",
                StandardCharsets.UTF_8);
    }

    /**
     * initdb and pg_ctl refuse root: as root, the cluster belongs to the postgres user, as the
     * private cluster does.
     */
    private static Path ownFolder(Path parent, String name) throws Exception {
        Path dir = Files.createDirectories(parent.resolve(name));
        if (isRoot()) {
            runAsIs(List.of("chmod", "755", parent.toString()));
            runAsIs(List.of("chown", "-R", "postgres:postgres", dir.toString()));
        }
        runAsIs(List.of("chmod", "700", dir.toString()));
        return dir;
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void run(List<String> command) throws Exception {
        List<String> full = new ArrayList<>();
        if (isRoot()) full.addAll(List.of("runuser", "-u", "postgres", "--"));
        full.addAll(command);
        runAsIs(full);
    }

    private static void runAsIs(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
