package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.ThrowawayCluster;
import dev.sqlexam.jobs.ask.AskRun;
import dev.sqlexam.jobs.assembly.Preflight;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.predictions.PredictionsFile;
import dev.sqlexam.report.ExamSummary;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A server sqlexam did not create, and a hot standby of it made here with {@code pg_basebackup -R}:
 * the standby is graded, self-checked, examined and asked end to end with 0 infrastructure
 * failures, and a role that may create nothing grades the primary. sqlexam's state lives in its own
 * cluster: nothing of sqlexam's appears on the user's server.
 */
class ReadOnlyServerITCase {

    @TempDir static Path clusters;

    @TempDir Path tmp;

    private static ThrowawayCluster primary;
    private static ThrowawayCluster standby;

    @BeforeAll
    static void startPrimaryAndStandby() throws Exception {
        primary = ThrowawayCluster.primary(clusters);
        primary.execute(
                "postgres",
                "CREATE DATABASE shop",
                "CREATE ROLE analyst LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE",
                "CREATE ROLE outsider LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE");
        primary.execute(
                "shop",
                "CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL, city text NOT NULL)",
                "CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id), total numeric(10,2) NOT NULL)",
                "INSERT INTO customers SELECT g, 'customer ' || g, (ARRAY['Lyon','Oslo','Porto'])[1 + g % 3] FROM generate_series(1, 30) g",
                "INSERT INTO orders SELECT g, 1 + g % 30, (g * 7) % 200 + 0.5 FROM generate_series(1, 120) g",
                "CREATE TABLE visits (customer_id int NOT NULL, at date NOT NULL) PARTITION BY RANGE (at)",
                "CREATE TABLE visits_2025 PARTITION OF visits FOR VALUES FROM ('2025-01-01') TO ('2026-01-01')",
                "INSERT INTO visits SELECT 1 + g % 30, DATE '2025-01-01' + g FROM generate_series(1, 90) g",
                "GRANT SELECT ON ALL TABLES IN SCHEMA public TO analyst",
                // read through the partitioned parent only, as many servers grant it
                "REVOKE SELECT ON visits_2025 FROM analyst");
        standby = primary.standby(clusters);
        standby.awaitReplayOf(primary);
    }

    @AfterAll
    static void stop() throws Exception {
        if (standby != null) standby.close();
        if (primary != null) primary.close();
    }

    private Path examSet() throws Exception {
        Path set = tmp.resolve("shop.jsonl");
        Files.write(
                set,
                List.of(
                        line(
                                "shop-1",
                                "How many customers are there?",
                                "SELECT count(*) FROM customers"),
                        line(
                                "shop-2",
                                "How many customers live in Oslo?",
                                "SELECT count(*) FROM customers WHERE city = 'Oslo'"),
                        line(
                                "shop-3",
                                "What is the total of all orders?",
                                "SELECT sum(total) FROM orders"),
                        line(
                                "shop-4",
                                "Which city has the most customers?",
                                "SELECT city FROM customers GROUP BY city ORDER BY count(*) DESC, city LIMIT 1"),
                        line(
                                "shop-5",
                                "How many visits were there in March 2025?",
                                "SELECT count(*) FROM visits WHERE at >= DATE '2025-03-01' AND at < DATE '2025-04-01'")));
        return set;
    }

    private static String line(String id, String question, String gold) throws Exception {
        return Json.MAPPER.writeValueAsString(
                Map.of("id", id, "db", "shop", "question", question, "gold_sql", gold));
    }

    private static Settings settings(String url, Map<String, String> overrides) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("SQLEXAM_STATE_URL");
        env.put("SQLEXAM_JDBC_URL", url);
        return Settings.resolve(Map.of(), env, overrides);
    }

    private static PrintStream quiet(ByteArrayOutputStream sink) {
        return new PrintStream(sink, true, StandardCharsets.UTF_8);
    }

    @Test
    void aStandbyIsGradedAndSelfCheckedWithNothingCreatedOnIt() throws Exception {
        Path set = examSet();
        ByteArrayOutputStream notes = new ByteArrayOutputStream();
        RunResult selfCheck =
                new ExamRun(
                                settings(standby.url("{db}"), Map.of("generator", "gold")),
                                set,
                                tmp.resolve("runs"),
                                "it-standby-gold-" + System.nanoTime(),
                                quiet(notes))
                        .run(FlinkTarget.local());
        assertThat(notes.toString(StandardCharsets.UTF_8))
                .contains("hot standby", "nothing is created or granted");
        ExamSummary.VariantSummary gold = selfCheck.summary().variants().get(0);
        assertThat(gold.overall().getExcluded()).as("0 infrastructure failures").isZero();
        assertThat(gold.overall().getAccuracy()).as("the gold self-check").isEqualTo(1.0);

        Path predictions = tmp.resolve("system.jsonl");
        Files.write(
                predictions,
                List.of(
                        Json.MAPPER.writeValueAsString(
                                Map.of("id", "shop-1", "sql", "SELECT count(id) FROM customers")),
                        Json.MAPPER.writeValueAsString(
                                Map.of(
                                        "id",
                                        "shop-2",
                                        "sql",
                                        "SELECT count(*) FROM customers WHERE city <> 'Oslo'")),
                        Json.MAPPER.writeValueAsString(
                                Map.of("id", "shop-3", "sql", "SELECT sum(total) FROM orders")),
                        Json.MAPPER.writeValueAsString(
                                Map.of(
                                        "id",
                                        "shop-4",
                                        "sql",
                                        "SELECT city FROM customers LIMIT 1"))));
        List<ExamQuestion> questions = ExamSetFiles.read(set, null).questions();
        RunResult graded =
                new GradeRun(
                                settings(standby.url("{db}"), Map.of()),
                                set,
                                List.of(PredictionsFile.read(predictions, questions)),
                                tmp.resolve("runs"),
                                "it-standby-grade-" + System.nanoTime(),
                                quiet(new ByteArrayOutputStream()))
                        .run(FlinkTarget.local());
        assertThat(graded.summary().variants().get(0).overall().getExcluded()).isZero();
        assertThat(reasons(graded))
                .containsEntry("shop-1", "match")
                .containsEntry("shop-2", "value_mismatch")
                .containsEntry("shop-3", "match");

        // with test suites (built in sqlexam's own cluster): a sum that leaves out rows no row of
        // the standby trips is overturned
        Files.write(
                predictions,
                List.of(
                        Json.MAPPER.writeValueAsString(
                                Map.of("id", "shop-1", "sql", "SELECT count(id) FROM customers")),
                        Json.MAPPER.writeValueAsString(
                                Map.of(
                                        "id",
                                        "shop-3",
                                        "sql",
                                        "SELECT sum(total) FROM orders WHERE total > 0.5"))));
        RunResult suites =
                new GradeRun(
                                settings(standby.url("{db}"), Map.of("test_suite_size", "2")),
                                set,
                                List.of(PredictionsFile.read(predictions, questions)),
                                tmp.resolve("runs"),
                                "it-standby-suite-" + System.nanoTime(),
                                quiet(new ByteArrayOutputStream()))
                        .run(FlinkTarget.local());
        assertThat(suites.summary().variants().get(0).overall().getExcluded()).isZero();
        assertThat(reasons(suites))
                .containsEntry("shop-1", "match")
                .containsEntry("shop-3", "suite_mismatch");

        assertNothingOfSqlexamOn(primary);
    }

    @Test
    void anExamAndAskRunOnTheStandbyTheirIndexInSqlexamsOwnCluster() throws Exception {
        RunResult exam =
                new ExamRun(
                                settings(standby.url("{db}"), Map.of("generator", "baseline")),
                                examSet(),
                                tmp.resolve("runs"),
                                "it-standby-exam-" + System.nanoTime(),
                                quiet(new ByteArrayOutputStream()))
                        .run(FlinkTarget.local());
        assertThat(exam.summary().variants().get(0).overall().getExcluded())
                .as("0 infrastructure failures")
                .isZero();
        assertThat(exam.logLines()).isEqualTo(5);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit =
                AskRun.run(
                        settings(standby.url("{db}"), Map.of("generator", "baseline")),
                        new AskRun.Request(
                                AskRun.Question.asked("How many customers are there?", "shop"),
                                new AskRun.Output(false, true, false, 10)),
                        quiet(out),
                        quiet(new ByteArrayOutputStream()));
        JsonNode answer = Json.MAPPER.readTree(out.toString(StandardCharsets.UTF_8).strip());
        assertThat(exit).as(answer.toString()).isZero();
        assertThat(answer.path("status").asText()).isEqualTo("ok");
        assertThat(answer.path("rows")).as("the baseline's SQL ran on the standby").hasSize(1);

        assertNothingOfSqlexamOn(primary);
    }

    @Test
    void aRoleThatMayCreateNothingGradesTheWritablePrimary() throws Exception {
        Path set = examSet();
        RunResult selfCheck =
                new ExamRun(
                                settings(
                                        primary.url("{db}", "analyst"),
                                        Map.of("generator", "gold")),
                                set,
                                tmp.resolve("runs"),
                                "it-analyst-" + System.nanoTime(),
                                quiet(new ByteArrayOutputStream()))
                        .run(FlinkTarget.local());
        assertThat(selfCheck.summary().variants().get(0).overall().getExcluded()).isZero();
        assertThat(selfCheck.summary().variants().get(0).overall().getAccuracy()).isEqualTo(1.0);
        assertNothingOfSqlexamOn(primary);
    }

    @Test
    void aRoleWithoutReadRightsIsStoppedBeforeAnythingRunsWithTheGrantsToAsk() throws Exception {
        // it may not even plan the golds, so their tables come from their text
        assertThatThrownBy(
                        () ->
                                new ExamRun(
                                                settings(
                                                        primary.url("{db}", "outsider"),
                                                        Map.of("generator", "gold")),
                                                examSet(),
                                                tmp.resolve("runs"),
                                                "it-outsider-" + System.nanoTime(),
                                                quiet(new ByteArrayOutputStream()))
                                        .run(FlinkTarget.local()))
                .isInstanceOf(Preflight.Failed.class)
                .hasMessageContaining("cannot read 3 gold table(s)")
                .hasMessageContaining("customers")
                .hasMessageContaining("orders")
                .hasMessageContaining("GRANT");
        assertThat(tmp.resolve("runs")).as("nothing ran").doesNotExist();
        assertNothingOfSqlexamOn(primary);
    }

    private static Map<String, String> reasons(RunResult result) throws Exception {
        Map<String, String> out = new HashMap<>();
        for (String l : Files.readAllLines(result.outDir().resolve("exam_log.jsonl"))) {
            JsonNode r = Json.MAPPER.readTree(l);
            out.put(r.get("question_id").asText(), r.get("reason").asText());
        }
        return out;
    }

    /** No database, schema, extension or role of sqlexam's on the user's server. */
    private static void assertNothingOfSqlexamOn(ThrowawayCluster server) throws Exception {
        try (Connection c = DriverManager.getConnection(server.url("shop"));
                Statement st = c.createStatement()) {
            assertThat(strings(st, "SELECT datname FROM pg_database")).doesNotContain("sqlexam");
            assertThat(strings(st, "SELECT nspname FROM pg_namespace"))
                    .doesNotContain("exam", "rag", "watch", "sqlexam_meta");
            assertThat(strings(st, "SELECT extname FROM pg_extension")).doesNotContain("vector");
            assertThat(strings(st, "SELECT rolname FROM pg_roles"))
                    .as(
                            "the primary was only graded as a role that may not create one, "
                                    + "or on its standby")
                    .doesNotContain("sqlexam_reader");
        }
    }

    private static List<String> strings(Statement st, String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out;
    }
}
