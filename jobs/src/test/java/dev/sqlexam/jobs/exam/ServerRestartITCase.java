package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.PooledConnections;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
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
import java.sql.Timestamp;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The private cluster restarts (fast shutdown: every session ended) in the middle of an ERP exam.
 * Each question must end as it does without the restart, or as an infra_failure: nothing is charged
 * to the model, and every record reaches exam.results once.
 */
class ServerRestartITCase {

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path tmp;

    private final Map<String, String> env = new HashMap<>(System.getenv());

    private RunResult exam(String id) throws Exception {
        env.putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        return new ExamRun(
                        Settings.resolve(Map.of(), env, Map.of("generator", "baseline")),
                        Home.resolve().resolve("exam-sets/erp/erp.jsonl"),
                        tmp.resolve("runs"),
                        id,
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .run(FlinkTarget.local());
    }

    private static Map<String, String> reasons(RunResult result) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(result.outDir().resolve("exam_log.jsonl"))) {
            JsonNode r = Json.MAPPER.readTree(line);
            assertThat(out.put(r.get("question_id").asText(), r.get("reason").asText()))
                    .as("one record per question")
                    .isNull();
        }
        return out;
    }

    /** The run has passed its setup (pre-flight, run row) and its job is under way. */
    private static boolean running(JdbcUrlTemplate admin, String runId) throws Exception {
        try (Connection c = DriverManager.getConnection(admin.forDatabase("sqlexam"));
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT count(*) FROM exam.runs WHERE status = 'running' AND run_id = '"
                                        + runId
                                        + "'")) {
            rs.next();
            return rs.getInt(1) > 0;
        }
    }

    /**
     * Waits until the run's job (past its setup) has its pools at work on the server, then restarts
     * it with the project's own script.
     */
    private static CompletableFuture<Long> restartMidRun(JdbcUrlTemplate admin, String runId) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                        while (System.nanoTime() < deadline) {
                            try (Connection c =
                                            DriverManager.getConnection(
                                                    admin.forDatabase("postgres"));
                                    Statement s = c.createStatement();
                                    ResultSet rs =
                                            s.executeQuery(
                                                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = '"
                                                            + PooledConnections.APPLICATION_NAME
                                                            + "' AND state = 'active'")) {
                                rs.next();
                                if (rs.getInt(1) > 0 && running(admin, runId)) break;
                            }
                            Thread.sleep(20);
                        }
                        ProcessBuilder pb =
                                new ProcessBuilder(
                                                Home.resolve().resolve("sqlexam").toString(),
                                                "db",
                                                "restart")
                                        .redirectErrorStream(true);
                        pb.environment().remove("SQLEXAM_JDBC_URL");
                        Process p = pb.start();
                        String output =
                                new String(
                                        p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                        assertThat(p.waitFor()).as(output).isZero();
                        return System.currentTimeMillis();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
    }

    @Test
    void aRestartMidExamChargesNothingToTheModelAndLosesNoRecord() throws Exception {
        Map<String, String> undisturbed =
                reasons(exam("it-restart-reference-" + System.nanoTime()));
        JdbcUrlTemplate admin = new JdbcUrlTemplate(env.get("SQLEXAM_JDBC_URL"));

        String runId = "it-restart-" + System.nanoTime();
        long started = System.currentTimeMillis();
        CompletableFuture<Long> restarted = restartMidRun(admin, runId);
        RunResult disturbed = exam(runId);
        long restartedAt = restarted.get(60, TimeUnit.SECONDS);
        assertThat(restartedAt)
                .as("the restart came before the run ended")
                .isLessThan(
                        started + (long) (disturbed.summary().durationSeconds() * 1000) + 30_000);

        Map<String, String> after = reasons(disturbed);
        assertThat(after.keySet()).isEqualTo(undisturbed.keySet());
        int infra = 0;
        for (var e : after.entrySet()) {
            if (e.getValue().equals("infra_failure")) {
                infra++;
            } else {
                assertThat(e.getValue())
                        .as(
                                "question "
                                        + e.getKey()
                                        + ": graded as without the restart, or infra_failure")
                        .isEqualTo(undisturbed.get(e.getKey()));
            }
        }
        try (Connection c = DriverManager.getConnection(admin.forDatabase("sqlexam"));
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT count(*), count(DISTINCT question_id), "
                                        + "(SELECT pg_postmaster_start_time()) FROM exam.results WHERE run_id = '"
                                        + runId
                                        + "'")) {
            rs.next();
            assertThat(rs.getInt(1)).as("every record written once").isEqualTo(after.size());
            assertThat(rs.getInt(2)).isEqualTo(after.size());
            Timestamp serverStart = rs.getTimestamp(3);
            assertThat(serverStart.getTime())
                    .as("the server did restart during the run")
                    .isGreaterThan(started);
        }
        System.out.printf(
                "[restart] %d questions, %d infra_failure after the restart, the rest graded as without it%n",
                after.size(), infra);
    }
}
