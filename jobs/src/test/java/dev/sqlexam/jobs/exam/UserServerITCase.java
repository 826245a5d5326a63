package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.predictions.PredictionsFile;
import dev.sqlexam.report.ExamSummary;

import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server as a user brings it: 60 databases sqlexam did not create (two schemas each, CONNECT
 * revoked from PUBLIC, nothing granted to sqlexam's reader), a NOINHERIT reader limited to 8
 * connections, and only a superuser URL. The gold self-check and a grade of three predictions files
 * must give every question a fair run: the pre-flight grants read access and says so, no question
 * is an infra failure, and the pools never hold more than their budget.
 */
class UserServerITCase {

    static final int DATABASES = 60;
    static final int READER_LIMIT = 8;

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir static Path tmp;

    static Map<String, String> env;
    static JdbcUrlTemplate admin;
    static Path examSet;

    @BeforeAll
    static void aServerWithManyDatabases() throws Exception {
        env = new HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        admin = new JdbcUrlTemplate(env.get("SQLEXAM_JDBC_URL"));
        dev.sqlexam.database.Migrations.migrateAll(admin, Home.migrations());
        List<String> existing = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT datname FROM pg_database WHERE datname LIKE 'us\\_shop\\_%'")) {
                while (rs.next()) existing.add(rs.getString(1));
            }
            for (int i = 0; i < DATABASES; i++) {
                String db = db(i);
                if (!existing.contains(db)) s.execute("CREATE DATABASE " + db);
            }
            s.execute("ALTER ROLE sqlexam_reader CONNECTION LIMIT " + READER_LIMIT);
        }
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < DATABASES; i++) {
            String db = db(i);
            try (Connection c = DriverManager.getConnection(admin.forDatabase(db));
                    Statement s = c.createStatement()) {
                s.execute("CREATE SCHEMA IF NOT EXISTS sales");
                s.execute(
                        "CREATE TABLE IF NOT EXISTS public.customers (id int PRIMARY KEY, name text, city text)");
                s.execute(
                        "CREATE TABLE IF NOT EXISTS sales.orders (id int PRIMARY KEY, customer_id int REFERENCES public.customers(id), "
                                + "amount numeric(10,2))");
                s.execute("TRUNCATE sales.orders, public.customers");
                s.execute(
                        "INSERT INTO public.customers SELECT g, 'customer ' || g, (ARRAY['Oslo','Lima','Pune'])[1 + g % 3] "
                                + "FROM generate_series(1, "
                                + (5 + i % 7)
                                + ") g");
                s.execute(
                        "INSERT INTO sales.orders SELECT g, 1 + g % "
                                + (5 + i % 7)
                                + ", g * 3.5 FROM generate_series(1, 40) g");
                // as a user's server is: nothing for sqlexam's reader, not even CONNECT through
                // PUBLIC
                s.execute("REVOKE CONNECT ON DATABASE " + db + " FROM PUBLIC");
                s.execute("REVOKE ALL ON DATABASE " + db + " FROM sqlexam_reader");
                s.execute("REVOKE ALL ON ALL TABLES IN SCHEMA public FROM sqlexam_reader");
                s.execute("REVOKE ALL ON ALL TABLES IN SCHEMA sales FROM sqlexam_reader");
                s.execute("REVOKE ALL ON SCHEMA sales FROM sqlexam_reader");
            }
            lines.add(
                    line(
                            db + "-count",
                            db,
                            "How many customers are there?",
                            "SELECT count(*) FROM customers",
                            false));
            lines.add(
                    line(
                            db + "-city",
                            db,
                            "Total order amount per city",
                            "SELECT c.city, sum(o.amount) FROM sales.orders o "
                                    + "JOIN customers c ON c.id = o.customer_id GROUP BY c.city",
                            i % 2 == 0));
        }
        examSet = tmp.resolve("all.jsonl");
        Files.write(examSet, lines);
    }

    @AfterAll
    static void restoreTheReader() throws Exception {
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("ALTER ROLE sqlexam_reader CONNECTION LIMIT 64");
        }
    }

    static String db(int i) {
        return String.format("us_shop_%02d", i);
    }

    static String line(String id, String db, String question, String gold, boolean withGoldTables) {
        return "{\"id\":\""
                + id
                + "\",\"db\":\""
                + db
                + "\",\"question\":\""
                + question
                + "\",\"gold_sql\":\""
                + gold
                + "\""
                + (withGoldTables ? ",\"gold_tables\":[\"sales.orders\",\"customers\"]" : "")
                + "}";
    }

    /**
     * Samples the pools' connections on the server while a run goes on; returns the most seen at
     * once.
     */
    static final class ConnectionSampler implements AutoCloseable {
        final AtomicInteger peak = new AtomicInteger();
        final AtomicBoolean running = new AtomicBoolean(true);
        final Thread thread;

        ConnectionSampler() {
            thread =
                    new Thread(
                            () -> {
                                try (Connection c =
                                                DriverManager.getConnection(
                                                        admin.forDatabase("postgres"));
                                        Statement s = c.createStatement()) {
                                    // only the connections opened during the run measured: an
                                    // earlier test's pool still closing is not this run's
                                    java.sql.Timestamp since;
                                    try (ResultSet rs =
                                            s.executeQuery("SELECT clock_timestamp()")) {
                                        rs.next();
                                        since = rs.getTimestamp(1);
                                    }
                                    // a backend seen in two samples in a row: one the pools closed
                                    // lingers for a few milliseconds, under load
                                    // for longer than one sample, and is not a connection they hold
                                    java.util.Set<Integer> previous = java.util.Set.of();
                                    while (running.get()) {
                                        java.util.Set<Integer> now = new java.util.HashSet<>();
                                        try (java.sql.PreparedStatement ps =
                                                c.prepareStatement(
                                                        "SELECT pid FROM pg_stat_activity WHERE application_name = ? "
                                                                + "AND backend_start >= ?")) {
                                            ps.setString(1, PooledConnections.APPLICATION_NAME);
                                            ps.setTimestamp(2, since);
                                            try (ResultSet rs = ps.executeQuery()) {
                                                while (rs.next()) now.add(rs.getInt(1));
                                            }
                                        }
                                        java.util.Set<Integer> held = new java.util.HashSet<>(now);
                                        held.retainAll(previous);
                                        peak.accumulateAndGet(held.size(), Math::max);
                                        previous = now;
                                        Thread.sleep(25);
                                    }
                                } catch (Exception e) {
                                    peak.set(Integer.MAX_VALUE);
                                }
                            },
                            "connection-sampler");
            thread.start();
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            thread.join();
        }
    }

    private static ExamRun run(String id, PrintStream out, Map<String, String> overrides) {
        return new ExamRun(
                Settings.resolve(Map.of(), env, overrides),
                examSet,
                tmp.resolve("runs"),
                id + "-" + System.nanoTime(),
                out);
    }

    @Test
    void goldSelfCheckThenThreeSystemsGradedWithoutOneInfraFailure() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        RunResult self;
        int peakSelf;
        PooledConnections.resetPeak(admin);
        try (ConnectionSampler sampler = new ConnectionSampler()) {
            self = run("it-user-gold", out, Map.of("generator", "gold")).run(FlinkTarget.local());
            sampler.close();
            peakSelf = sampler.peak.get();
        }
        String printed = console.toString(StandardCharsets.UTF_8);
        ExamSummary.VariantSummary v = self.summary().variants().get(0);
        assertThat(v.reasons()).as(printed).doesNotContainKeys("infra_failure", "gold_error");
        assertThat(v.overall().getCorrect()).as("100% self-check").isEqualTo(2 * DATABASES);
        assertThat(printed)
                .contains("granted sqlexam_reader")
                .contains("GRANT SELECT ON ALL TABLES IN SCHEMA sales TO sqlexam_reader");
        assertThat(Files.readAllLines(self.outDir().resolve("grants.sql")))
                .hasSizeGreaterThan(DATABASES * 3);
        assertThat(printed).containsPattern("connection budget \\d+ on");
        int budget =
                Integer.parseInt(printed.replaceAll("(?s).*connection budget (\\d+) on.*", "$1"));
        assertThat(budget).isLessThanOrEqualTo(READER_LIMIT);
        assertThat(PooledConnections.peakConnections(admin))
                .as("connections the pools held at once")
                .isBetween(1, budget);
        // the server lists a connection the pools closed (to open one to another database) until
        // its backend has exited,
        // a few milliseconds later: the sampled count may see that one for a moment, never more
        assertThat(peakSelf).as("connections on the server, sampled").isBetween(1, budget + 1);

        // three systems: one right everywhere, one wrong on the city questions, one that skipped
        // half of them
        List<String> right = new ArrayList<>();
        List<String> wrongCities = new ArrayList<>();
        List<String> partial = new ArrayList<>();
        var questions = ExamSetFiles.read(examSet, null).questions();
        for (int i = 0; i < questions.size(); i++) {
            var q = questions.get(i);
            String gold = q.goldSql().replace("\"", "\\\"");
            right.add("{\"id\":\"" + q.id() + "\",\"sql\":\"" + gold + "\"}");
            wrongCities.add(
                    "{\"id\":\""
                            + q.id()
                            + "\",\"sql\":\""
                            + (q.id().endsWith("-city")
                                    ? "SELECT c.city, count(*) FROM sales.orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.city"
                                    : gold)
                            + "\"}");
            if (i % 4 != 0) partial.add("{\"id\":\"" + q.id() + "\",\"sql\":\"" + gold + "\"}");
        }
        List<PredictionsFile.Loaded> files = new ArrayList<>();
        for (var e :
                Map.of("right", right, "wrong-cities", wrongCities, "partial", partial)
                        .entrySet()) {
            Path p = tmp.resolve(e.getKey() + ".jsonl");
            Files.write(p, e.getValue());
            files.add(PredictionsFile.read(p, questions));
        }
        RunResult graded;
        int peakGrade;
        PooledConnections.resetPeak(admin);
        try (ConnectionSampler sampler = new ConnectionSampler()) {
            graded =
                    new GradeRun(
                                    Settings.resolve(Map.of(), env, Map.of()),
                                    examSet,
                                    files,
                                    tmp.resolve("runs"),
                                    "it-user-grade-" + System.nanoTime(),
                                    out)
                            .run(FlinkTarget.local());
            sampler.close();
            peakGrade = sampler.peak.get();
        }
        assertThat(PooledConnections.peakConnections(admin)).isBetween(1, budget);
        assertThat(peakGrade).isBetween(1, budget + 1);
        System.out.printf(
                "[user server] %d databases, %d questions; self-check %.1f s, grade of 3 files %.1f s; budget %d, "
                        + "peak connections %d (self-check) and %d (grade)%n",
                DATABASES,
                questions.size(),
                self.summary().durationSeconds(),
                graded.summary().durationSeconds(),
                budget,
                peakSelf,
                peakGrade);
        System.out.println(
                printed.lines()
                        .filter(
                                l ->
                                        l.contains("granted")
                                                || l.contains("budget")
                                                || l.contains("read access"))
                        .reduce("", (a, b) -> a + b + "\n"));
        Map<String, ExamSummary.VariantSummary> byName = new HashMap<>();
        graded.summary().variants().forEach(x -> byName.put(x.variant(), x));
        for (ExamSummary.VariantSummary x : byName.values()) {
            assertThat(x.reasons())
                    .as(x.variant())
                    .doesNotContainKeys("infra_failure", "gold_error");
        }
        assertThat(byName.get("right").overall().getCorrect()).isEqualTo(2 * DATABASES);
        assertThat(byName.get("wrong-cities").overall().getCorrect()).isEqualTo(DATABASES);
        assertThat(byName.get("partial").overall().getCorrect())
                .isEqualTo(2 * DATABASES - DATABASES / 2);
    }
}
