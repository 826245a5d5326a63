package dev.sqlexam.jobs.watch;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.ReportBrowser;
import dev.sqlexam.jobs.cli.CliJvm;
import dev.sqlexam.jobs.querylog.KafkaBrokerITCase;
import dev.sqlexam.jobs.querylog.QueryLogProducer;
import dev.sqlexam.jobs.report.WatchReport;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
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
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A following {@code watch} process killed with SIGKILL mid-stream, then the same command again: it
 * resumes from its latest checkpoint, and in the end every event's evaluation is committed exactly
 * once, every alert once, and every window row in watch.windows counts exactly the events of its
 * window (a replayed event would be counted twice). Once for a watched folder and once for a Kafka
 * topic (offsets in the checkpoint).
 */
@Tag("jar") // runs ./sqlexam, which needs the jar: after package (failsafe)
public class WatchResumeITCase {

    public static final Path LOG = Home.resolve().resolve("exam-sets/querylog/erp-synthetic.jsonl");
    public static final int EVENTS = 1_000;

    @TempDir Path tmp;

    @Test
    void aFolderWatchKilledMidStreamResumesExactlyOnce() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("incoming"));
        Files.copy(LOG, folder.resolve("app-log.jsonl"));
        killAndResume("it-watch-dir-" + System.nanoTime(), List.of("--dir", folder.toString()));

        Path page = WatchReport.write(tmp.resolve("out"));
        try (ReportBrowser browser = ReportBrowser.open()) {
            browser.driver.get(page.toUri().toString());
            assertThat(browser.consoleProblems())
                    .as("the watch report draws without a script error")
                    .isEmpty();
            assertThat(browser.marksPerChart())
                    .as("every chart shows data")
                    .allSatisfy((chart, marks) -> assertThat(marks).as(chart).isPositive());
            assertThat(
                            browser.driver.findElements(
                                    org.openqa.selenium.By.cssSelector("tr.alert-row")))
                    .as("one table row per committed alert")
                    .hasSize(committed(tmp.resolve("out"), "alerts").size());
        }
    }

    @Test
    void aKafkaWatchKilledMidStreamResumesExactlyOnce() throws Exception {
        String topic = "sqlexam-resume-it-" + System.nanoTime();
        try (QueryLogProducer producer = new QueryLogProducer(KafkaBrokerITCase.BOOTSTRAP, topic)) {
            producer.send(Files.readAllLines(LOG), 0, false);
        }
        killAndResume(
                topic,
                List.of(
                        "--kafka",
                        KafkaBrokerITCase.BOOTSTRAP,
                        "--topic",
                        topic,
                        "--group",
                        topic));
    }

    private void killAndResume(String watchId, List<String> source) throws Exception {
        Path out = tmp.resolve("out");
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "watch",
                                "--out",
                                out.toString(),
                                "--name",
                                watchId,
                                "--set",
                                "checkpoint_interval_ms=500"));
        args.addAll(source);
        Process first = start(args, "first.log");
        waitFor(
                () -> committed(out, "evaluations").size() >= 150,
                first,
                180,
                "150 committed evaluations");
        assertThat(first.isAlive())
                .as("still following when killed; its output:%n%s", read("first.log"))
                .isTrue();
        first.destroyForcibly();
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        int before = committed(out, "evaluations").size();
        assertThat(before).as("killed mid-stream").isLessThan(EVENTS);

        Process second = start(args, "second.log");
        try {
            waitFor(
                    () -> committed(out, "evaluations").size() >= EVENTS,
                    second,
                    240,
                    "every evaluation committed");
            Thread.sleep(
                    3_000); // one more checkpoint: the window rows fired by the last events reach
            // the table
        } finally {
            second.destroyForcibly();
            second.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(read("second.log")).contains("resuming from checkpoint");
        assertExactlyOnce(out, watchId);
    }

    @Test
    void theDatabaseGoingAwayMidStreamLosesNoEvent() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("incoming"));
        Files.copy(LOG, folder.resolve("app-log.jsonl"));
        Path out = tmp.resolve("out");
        String watchId = "it-watch-outage-" + System.nanoTime();
        Process watch =
                start(
                        List.of(
                                "watch",
                                "--out",
                                out.toString(),
                                "--name",
                                watchId,
                                "--set",
                                "checkpoint_interval_ms=500",
                                "--dir",
                                folder.toString()),
                        "first.log");
        try {
            waitFor(
                    () -> committed(out, "evaluations").size() >= 100,
                    watch,
                    180,
                    "100 committed evaluations");
            script("db", "down");
            Thread.sleep(5_000);
            script("db", "up");
            waitFor(
                    () -> committed(out, "evaluations").size() >= EVENTS,
                    watch,
                    300,
                    "every evaluation committed after the outage");
            Thread.sleep(3_000);
        } finally {
            watch.destroyForcibly();
            watch.waitFor(30, TimeUnit.SECONDS);
        }
        assertExactlyOnce(out, watchId);
        long unevaluated =
                committed(out, "evaluations").stream()
                        .filter(e -> e.path("outcome_class").asText().equals("not_evaluated"))
                        .count();
        assertThat(unevaluated)
                .as(
                        "events sqlexam could not evaluate while the database was down are marked, never charged to the app")
                .isLessThan(EVENTS);
    }

    private static void script(String... args) throws Exception {
        List<String> command =
                new ArrayList<>(List.of(Home.resolve().resolve("sqlexam").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().remove("SQLEXAM_JDBC_URL");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("./sqlexam %s: %s", String.join(" ", args), output).isZero();
    }

    /**
     * Every event of the log evaluated once, each alert once, and each app window row in the table
     * counting its events.
     */
    public static void assertExactlyOnce(Path out, String watchId) throws Exception {
        List<JsonNode> evaluations = committed(out, "evaluations");
        Map<String, Long> perEvent =
                evaluations.stream()
                        .collect(
                                Collectors.groupingBy(
                                        n ->
                                                n.get("source").asText()
                                                        + "@"
                                                        + n.get("position").asLong(),
                                        Collectors.counting()));
        assertThat(perEvent).as("every event").hasSize(EVENTS);
        assertThat(perEvent.values()).as("exactly once").allMatch(c -> c == 1);
        List<JsonNode> alerts = committed(out, "alerts");
        assertThat(
                        alerts.stream()
                                .map(
                                        a ->
                                                a.get("window_start_ms").asLong()
                                                        + a.get("key").asText()
                                                        + a.get("rule").asText())
                                .distinct()
                                .count())
                .as("each alert once")
                .isEqualTo(alerts.size());

        Map<String, Long> perWindow = new HashMap<>();
        for (JsonNode e : evaluations)
            perWindow.merge(
                    e.get("event_time_ms").asLong() / 60_000 * 60_000 + "|" + e.get("app").asText(),
                    1L,
                    Long::sum);
        String control = new JdbcUrlTemplate(TestDatabase.url()).forDatabase("sqlexam");
        try (Connection c = DriverManager.getConnection(control);
                Statement st = c.createStatement()) {
            ResultSet rs =
                    st.executeQuery(
                            "SELECT window_start, key, events FROM watch.windows WHERE key_kind = 'app' AND watch_id = '"
                                    + watchId
                                    + "'");
            int rows = 0;
            while (rs.next()) {
                rows++;
                String window =
                        rs.getTimestamp(1).toInstant().toEpochMilli() + "|" + rs.getString(2);
                assertThat(rs.getLong(3))
                        .as("events of window %s", window)
                        .isEqualTo(perWindow.get(window));
            }
            assertThat(rows)
                    .as("the windows the watermark passed are in the table")
                    .isGreaterThan(perWindow.size() / 2);
            st.execute("DELETE FROM watch.windows WHERE watch_id = '" + watchId + "'");
            st.execute("DELETE FROM watch.alerts WHERE watch_id = '" + watchId + "'");
        }
    }

    private Process start(List<String> args, String log) throws IOException {
        return startCli(tmp.resolve("state"), tmp.resolve(log), Map.of(), args);
    }

    /**
     * The CLI in its own JVM, as a user runs it, its output to {@code log}; {@code env} added to
     * this JVM's environment.
     */
    public static Process startCli(Path state, Path log, Map<String, String> env, List<String> args)
            throws IOException {
        List<String> command = CliJvm.command(state, args);
        ProcessBuilder pb =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        pb.environment().putAll(env);
        return pb.start();
    }

    private void waitFor(Check check, Process process, int seconds, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!check.holds()) {
            assertThat(process.isAlive())
                    .as(
                            "the watch died before %s; its output:%n%s",
                            what, read("first.log") + read("second.log"))
                    .isTrue();
            assertThat(System.nanoTime()).as("%s within %d s", what, seconds).isLessThan(deadline);
            Thread.sleep(250);
        }
    }

    private interface Check {
        boolean holds() throws IOException;
    }

    private String read(String log) throws IOException {
        Path file = tmp.resolve(log);
        return Files.exists(file) ? Files.readString(file) : "";
    }

    /**
     * The lines of an output's committed part files (in-progress files are hidden and not counted).
     */
    public static List<JsonNode> committed(Path out, String output) throws IOException {
        Path dir = out.resolve(output);
        if (!Files.isDirectory(dir)) return List.of();
        List<JsonNode> lines = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(f -> !f.getFileName().toString().startsWith(".")).toList();
        }
        for (Path f : files) {
            try {
                for (String line : Files.readAllLines(f))
                    if (!line.isBlank()) lines.add(Json.MAPPER.readTree(line));
            } catch (IOException ignored) {
                // renamed between the listing and the read; the next poll sees it
            }
        }
        return lines;
    }
}
