package dev.sqlexam.jobs.watch;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.flink.WatchTables;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.jobs.assembly.WatchSpecs;
import dev.sqlexam.jobs.graph.CollectingSink;
import dev.sqlexam.jobs.graph.KafkaLines;
import dev.sqlexam.jobs.graph.WatchJob;
import dev.sqlexam.jobs.graph.WatchJobSpec;
import dev.sqlexam.jobs.graph.WatchSources;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.runtime.IndexRun;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.Alert;
import dev.sqlexam.model.EventEvaluation;
import dev.sqlexam.model.NumberedLine;
import dev.sqlexam.model.RejectedLine;
import dev.sqlexam.model.WindowRow;
import dev.sqlexam.pipeline.ExecutionSpec;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The watch graph over the shipped synthetic query log (a bounded replay) on a MiniCluster and the
 * real database: every event evaluated once, the two bad lines rejected, the app's failures
 * classified as the log says, the DELETEs blocked and never run, gold-labelled events graded, and
 * windows that add up to the events.
 */
class WatchJobITCase {

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @Test
    void theSyntheticLogReplayedThroughTheWatchGraph() throws Exception {
        List<String> lines =
                Files.readAllLines(
                        Home.resolve().resolve("exam-sets/querylog/erp-synthetic.jsonl"));
        List<NumberedLine> numbered = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) numbered.add(new NumberedLine(i + 1, lines.get(i)));
        JdbcUrlTemplate admin = new JdbcUrlTemplate(TestDatabase.url());
        ReaderAccess reader = ReaderAccess.resolve(admin, "sqlexam", null);
        ExecutionSpec execution =
                new ExecutionSpec(
                        reader,
                        10_000,
                        10_000,
                        new Tolerance(1e-6, 1e-9),
                        4,
                        false,
                        0,
                        null,
                        ConnectionPolicy.DEFAULT);
        CollectingSink<EventEvaluation> evaluations = new CollectingSink<>();
        CollectingSink<WindowRow> windows = new CollectingSink<>();
        CollectingSink<RejectedLine> rejected = new CollectingSink<>();
        CollectingSink<EventEvaluation> late = new CollectingSink<>();
        CollectingSink<Alert> alerts = new CollectingSink<>();
        String watchId = "it-" + System.nanoTime();
        String control = admin.forDatabase("sqlexam");
        dev.sqlexam.database.Migrations.migrate(
                admin, dev.sqlexam.database.TestDatabase.state(), Home.migrations(), "erp"::equals);
        new IndexRun(
                        admin,
                        dev.sqlexam.database.TestDatabase.state(),
                        dev.sqlexam.embedding.EmbeddingProviders.from(Settings.defaults()),
                        Home.migrations(),
                        System.out)
                .ensure(List.of("erp"), 2, "");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        new WatchJob(
                        e -> e.fromData(numbered),
                        new WatchJob.Sinks(
                                evaluations,
                                windows,
                                alerts,
                                rejected,
                                late,
                                new WatchJob.Tables(
                                        WatchTables.windows(control, watchId, 3),
                                        WatchTables.alerts(control, watchId, 3)),
                                WatchJob.Console.NONE,
                                WatchJob.ShadowSinks.NONE),
                        WatchJobSpec.builder("erp-synthetic.jsonl", execution)
                                .alerts(WatchSpecs.alertRules(Settings.defaults()))
                                .retrievalCheck(
                                        WatchSpecs.retrievalSpec(
                                                Settings.defaults(), 4, JobShipping.LOCAL),
                                        1.0)
                                .build())
                .start(env)
                .client()
                .getJobExecutionResult()
                .get();

        List<JsonNode> logged = new ArrayList<>();
        for (String line : lines) {
            try {
                JsonNode n = Json.MAPPER.readTree(line);
                if (n.hasNonNull("sql")) logged.add(n);
            } catch (Exception bad) {
                // the line cut in half
            }
        }
        assertThat(evaluations.collected()).hasSize(logged.size());
        assertThat(
                        evaluations.collected().stream()
                                .map(EventEvaluation::position)
                                .distinct()
                                .count())
                .isEqualTo(logged.size());
        assertThat(rejected.collected())
                .hasSize(2)
                .allSatisfy(r -> assertThat(r.source()).isEqualTo("erp-synthetic.jsonl"));
        assertThat(late.collected()).as("the log is in time order").isEmpty();

        Map<String, Long> byClass =
                evaluations.collected().stream()
                        .collect(
                                Collectors.groupingBy(
                                        EventEvaluation::outcomeClass, Collectors.counting()));
        long timeouts =
                logged.stream().filter(n -> "57014".equals(n.path("sqlstate").asText())).count();
        long deletes =
                logged.stream().filter(n -> n.get("sql").asText().startsWith("DELETE")).count();
        assertThat(byClass.get("query_timeout")).isEqualTo(timeouts);
        assertThat(evaluations.collected().stream().filter(EventEvaluation::blocked).count())
                .isEqualTo(deletes);
        assertThat(evaluations.collected())
                .filteredOn(EventEvaluation::blocked)
                .allSatisfy(e -> assertThat(e.explain()).isNull());
        assertThat(evaluations.collected())
                .filteredOn(e -> e.sql().contains("FORM"))
                .allSatisfy(e -> assertThat(e.explain().sqlstate()).isEqualTo("42601"));

        List<EventEvaluation> graded =
                evaluations.collected().stream().filter(EventEvaluation::graded).toList();
        long labelled = logged.stream().filter(n -> n.hasNonNull("gold_sql")).count();
        assertThat(graded.size()).isBetween((int) labelled - 5, (int) labelled);
        assertThat(graded)
                .filteredOn(e -> e.sql().equals(goldOf(logged, e.position(), lines)))
                .allSatisfy(e -> assertThat(e.correct()).isTrue());
        assertThat(graded.stream().filter(e -> !e.correct()).count())
                .as("dropped filters and broken SQL are caught")
                .isPositive();

        List<WindowRow> byApp =
                windows.collected().stream().filter(w -> w.keyKind().equals("app")).toList();
        assertThat(byApp.stream().mapToLong(WindowRow::events).sum()).isEqualTo(logged.size());
        assertThat(
                        windows.collected().stream()
                                .filter(w -> w.keyKind().equals("app_prompt"))
                                .mapToLong(WindowRow::events)
                                .sum())
                .isEqualTo(logged.size());
        assertThat(byApp)
                .allSatisfy(w -> assertThat(w.windowEndMs() - w.windowStartMs()).isEqualTo(60_000));
        assertThat(byApp)
                .allSatisfy(
                        w -> assertThat(w.latencyP95Ms()).isGreaterThanOrEqualTo(w.latencyP50Ms()));

        List<EventEvaluation> checked =
                evaluations.collected().stream()
                        .filter(e -> e.retrieval() != null && e.retrieval().recall() != null)
                        .toList();
        assertThat(checked.size())
                .as("the retrieval check of every event that reads a table")
                .isGreaterThan(logged.size() * 9 / 10);
        assertThat(checked)
                .allSatisfy(
                        e -> {
                            assertThat(e.retrieval().recall()).isBetween(0.0, 1.0);
                            assertThat(e.retrieval().missed())
                                    .allSatisfy(t -> assertThat(e.sql().toLowerCase()).contains(t));
                            assertThat(e.retrieval().missed().isEmpty())
                                    .isEqualTo(e.retrieval().recall() == 1.0);
                        });
        assertThat(checked.stream().mapToDouble(e -> e.retrieval().recall()).average().orElse(0))
                .as("mean table recall")
                .isGreaterThan(0.5);
        assertThat(byApp.stream().mapToLong(WindowRow::retrievalChecked).sum())
                .isEqualTo(checked.size());

        List<Alert> raised = alerts.collected();
        assertThat(raised.stream().filter(a -> a.rule().equals("blocked-statement")).count())
                .as("one per app window with a blocked statement")
                .isEqualTo(byApp.stream().filter(w -> w.blocked() > 0).count())
                .isPositive();
        long incidentFrom = eventTime(logged, 700), incidentTo = eventTime(logged, 820);
        assertThat(raised)
                .as(
                        "the injected incident: erp-assistant's error rate more than doubles, significantly")
                .anySatisfy(
                        a -> {
                            assertThat(a.rule()).isEqualTo("error-rate-doubled");
                            assertThat(a.key()).startsWith("erp-assistant");
                            assertThat(a.windowEndMs()).isGreaterThan(incidentFrom);
                            assertThat(a.windowStartMs()).isLessThan(incidentTo);
                            assertThat(a.value()).isGreaterThanOrEqualTo(2 * a.baseline());
                        });
        assertThat(raised.stream().map(Alert::id).distinct().count())
                .as("each alert once")
                .isEqualTo(raised.size());

        try (Connection c = DriverManager.getConnection(control);
                Statement st = c.createStatement()) {
            ResultSet rs =
                    st.executeQuery(
                            "SELECT count(*), sum(events) FILTER (WHERE key_kind = 'app') FROM watch.windows WHERE watch_id = '"
                                    + watchId
                                    + "'");
            rs.next();
            assertThat(rs.getLong(1))
                    .as("every window row in the table, once")
                    .isEqualTo(windows.collected().size());
            assertThat(rs.getLong(2)).isEqualTo(logged.size());
            rs =
                    st.executeQuery(
                            "SELECT count(*) FROM watch.alerts WHERE watch_id = '" + watchId + "'");
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(raised.size());
            st.execute("DELETE FROM watch.windows WHERE watch_id = '" + watchId + "'");
            st.execute("DELETE FROM watch.alerts WHERE watch_id = '" + watchId + "'");
        }
    }

    /** The event time of the n-th event with SQL (0-based) in the log. */
    private static long eventTime(List<JsonNode> logged, int n) {
        return java.time.Instant.parse(
                        logged.get(Math.min(n, logged.size() - 1)).get("ts").asText())
                .toEpochMilli();
    }

    @Test
    void theSameGraphFollowsAKafkaTopicWithOffsetsAsPositions() throws Exception {
        String bootstrap = dev.sqlexam.jobs.querylog.KafkaBrokerITCase.BOOTSTRAP;
        String topic = "sqlexam-watch-it-" + System.nanoTime();
        try (var admin =
                org.apache.kafka.clients.admin.Admin.create(
                        Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(
                            List.of(
                                    new org.apache.kafka.clients.admin.NewTopic(
                                            topic, 1, (short) 1)))
                    .all()
                    .get();
        }
        List<String> lines =
                Files.readAllLines(Home.resolve().resolve("exam-sets/querylog/erp-synthetic.jsonl"))
                        .subList(0, 400);
        var props = new java.util.Properties();
        props.put("bootstrap.servers", bootstrap);
        try (var producer =
                new org.apache.kafka.clients.producer.KafkaProducer<String, String>(
                        props,
                        new org.apache.kafka.common.serialization.StringSerializer(),
                        new org.apache.kafka.common.serialization.StringSerializer())) {
            for (String line : lines)
                producer.send(new org.apache.kafka.clients.producer.ProducerRecord<>(topic, line))
                        .get();
        }
        CollectingSink<EventEvaluation> evaluations = new CollectingSink<>();
        CollectingSink<RejectedLine> rejected = new CollectingSink<>();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        new WatchJob(
                        e ->
                                e.fromSource(
                                        KafkaLines.source(bootstrap, topic, topic, true),
                                        org.apache.flink.api.common.eventtime.WatermarkStrategy
                                                .noWatermarks(),
                                        "topic"),
                        new WatchJob.Sinks(
                                evaluations,
                                null,
                                null,
                                rejected,
                                null,
                                WatchJob.Tables.NONE,
                                WatchJob.Console.NONE,
                                WatchJob.ShadowSinks.NONE),
                        WatchJobSpec.builder(topic, execution())
                                .window(Duration.ofMinutes(10))
                                .build())
                .start(env)
                .client()
                .getJobExecutionResult()
                .get();
        long bad = lines.stream().filter(l -> !l.endsWith("}") || !l.contains("\"sql\"")).count();
        assertThat(evaluations.collected()).hasSize(lines.size() - (int) bad);
        assertThat(evaluations.collected())
                .allSatisfy(e -> assertThat(e.source()).isEqualTo(topic + "-0"));
        assertThat(
                        evaluations.collected().stream()
                                .map(EventEvaluation::position)
                                .collect(Collectors.toSet()))
                .as("record offsets, 0-based")
                .contains(0L, 399L);
        assertThat(rejected.collected())
                .hasSize((int) bad)
                .allSatisfy(r -> assertThat(r.source()).isEqualTo(topic + "-0"));
    }

    @Test
    void aShadowVariantAnswersSampledEventsAndIsGradedAgainstTheAppsSql(
            @org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        List<String> lines =
                Files.readAllLines(Home.resolve().resolve("exam-sets/querylog/erp-synthetic.jsonl"))
                        .subList(0, 120);
        Path log = tmp.resolve("app.jsonl");
        Files.write(log, lines);
        Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        Settings settings =
                Settings.resolve(
                        Map.of(),
                        env,
                        Map.of("generator", "baseline", "watch_retrieval_check", "false"));
        Path out = tmp.resolve("out");
        java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
        new WatchRun(
                        settings,
                        new WatchSources.Input(log, null, null, null, null),
                        out,
                        new WatchRun.Options(
                                "it-shadow-" + System.nanoTime(),
                                false,
                                Home.resolve().resolve("flink-conf/variants/defaults.yaml"),
                                1.0),
                        new java.io.PrintStream(
                                console, true, java.nio.charset.StandardCharsets.UTF_8))
                .run(dev.sqlexam.jobs.runtime.FlinkTarget.local());

        long eligible =
                lines.stream()
                        .map(WatchJobITCase::json)
                        .filter(n -> n != null && n.hasNonNull("sql"))
                        .filter(n -> !"error".equals(n.path("outcome").asText()))
                        .filter(
                                n ->
                                        dev.sqlexam.sql.SqlGuard.check(n.get("sql").asText())
                                                .allowed())
                        .count();
        List<JsonNode> shadow =
                Files.readAllLines(out.resolve("shadow.jsonl")).stream()
                        .map(WatchJobITCase::json)
                        .toList();
        assertThat(shadow)
                .as("every event that ran in the app, answered once by the shadow")
                .hasSize((int) eligible);
        assertThat(shadow)
                .allSatisfy(
                        r -> {
                            assertThat(r.get("question_id").asText()).startsWith("app.jsonl@");
                            assertThat(r.get("variant").asText()).isEqualTo("defaults");
                            assertThat(r.path("extras").path("app").asText())
                                    .isIn("erp-assistant", "finance-bot");
                            JsonNode event =
                                    json(
                                            lines.get(
                                                    (int) r.path("extras").path("position").asLong()
                                                            - 1));
                            assertThat(r.get("gold_sql").asText())
                                    .as("the reference is the app's SQL")
                                    .isEqualTo(event.get("sql").asText());
                        });
        List<JsonNode> compared =
                shadow.stream()
                        .filter(
                                r ->
                                        !List.of("infra_failure", "gold_error")
                                                .contains(r.get("reason").asText()))
                        .toList();
        long disagreeing = compared.stream().filter(r -> !r.get("correct").asBoolean()).count();
        Path disagreements = out.resolve("shadow_disagreements.jsonl");
        assertThat(Files.exists(disagreements) ? Files.readAllLines(disagreements).size() : 0)
                .isEqualTo((int) disagreeing);
        long inWindows =
                Files.readAllLines(out.resolve("windows.jsonl")).stream()
                        .map(WatchJobITCase::json)
                        .filter(w -> w.get("key_kind").asText().equals("app"))
                        .mapToLong(w -> w.get("shadow_compared").asLong())
                        .sum();
        assertThat(inWindows)
                .as("each comparison counted in its event's window")
                .isEqualTo(compared.size());
        assertThat(console.toString(java.nio.charset.StandardCharsets.UTF_8))
                .contains("shadow     " + eligible + " event(s) answered by defaults.yaml");
    }

    private static JsonNode json(String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (Exception e) {
            return null;
        }
    }

    private static ExecutionSpec execution() {
        JdbcUrlTemplate admin = new JdbcUrlTemplate(TestDatabase.url());
        return new ExecutionSpec(
                ReaderAccess.resolve(admin, "sqlexam", null),
                10_000,
                10_000,
                new Tolerance(1e-6, 1e-9),
                4,
                false,
                0,
                null,
                ConnectionPolicy.DEFAULT);
    }

    private static String goldOf(List<JsonNode> logged, long position, List<String> lines) {
        try {
            JsonNode n = Json.MAPPER.readTree(lines.get((int) position - 1));
            return n.path("gold_sql").asText(null);
        } catch (Exception e) {
            return null;
        }
    }
}
