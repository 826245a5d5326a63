package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.json.Json;
import dev.sqlexam.report.ExamSummary;

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
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The exam job on a Flink MiniCluster against the real private PostgreSQL. */
class ExamJobITCase {

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path tmp;

    private static Settings settings(Map<String, String> overrides) {
        Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        // the pipeline's stages under the gold generator: retrieval, generation and evaluation run
        // as for a model
        Map<String, String> withGold =
                new java.util.HashMap<>(
                        Map.of("generator", "gold", "self_check_retrieval", "true"));
        withGold.putAll(overrides);
        return Settings.resolve(Map.of(), env, withGold);
    }

    private RunResult run(Path examSet, String runId, Map<String, String> overrides)
            throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunResult result =
                new ExamRun(
                                settings(overrides),
                                examSet,
                                tmp.resolve("runs"),
                                runId,
                                new PrintStream(console, true, StandardCharsets.UTF_8))
                        .run(FlinkTarget.local());
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("sqlexam run " + runId);
        return result;
    }

    @Test
    void selfCheckOnTheDemoSetIsPerfect() throws Exception {
        Path demo = Home.resolve().resolve("exam-sets/demo/demo.jsonl");
        RunResult result = run(demo, "it-demo-" + System.nanoTime(), Map.of("runs", "2"));

        ExamSummary.VariantSummary v = result.summary().variants().get(0);
        assertThat(result.summary().selfCheck()).isTrue();
        assertThat(v.runs()).isEqualTo(2);
        assertThat(v.questions()).isEqualTo(24);
        assertThat(v.overall().getCorrect()).isEqualTo(48);
        assertThat(v.accuracy()).isEqualTo(1.0);
        assertThat(v.accuracyStd()).isEqualTo(0.0);
        assertThat(v.reasons()).containsKeys("match", "match_empty");
        assertThat(result.logLines()).isEqualTo(48);
        assertThat(result.rejectedLines()).isZero();
        assertThat(v.retrieval().getV1().getQuestions())
                .as("the demo set gives no gold_tables: derived from each gold's plan")
                .isEqualTo(48);
        JsonNode joined =
                Files.readAllLines(result.outDir().resolve("exam_log.jsonl")).stream()
                        .map(
                                l -> {
                                    try {
                                        return Json.MAPPER.readTree(l);
                                    } catch (Exception e) {
                                        throw new IllegalStateException(e);
                                    }
                                })
                        .filter(r -> r.get("gold_sql").asText().contains("JOIN"))
                        .findFirst()
                        .orElseThrow();
        assertThat(joined.get("gold_tables_retrieved").asBoolean()).isTrue();
    }

    @Test
    void aSelfCheckWithoutRetrievalNeitherIndexesNorRetrievesAndGradesEveryGold() throws Exception {
        Path demo = Home.resolve().resolve("exam-sets/demo/demo.jsonl");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        String runId = "it-demo-plain-" + System.nanoTime();
        RunResult result =
                new ExamRun(
                                settings(Map.of("self_check_retrieval", "false")),
                                demo,
                                tmp.resolve("runs"),
                                runId,
                                new PrintStream(console, true, StandardCharsets.UTF_8))
                        .run(FlinkTarget.local());

        ExamSummary.VariantSummary v = result.summary().variants().get(0);
        assertThat(console.toString(StandardCharsets.UTF_8))
                .contains("gold self-check: each gold graded as submitted")
                .doesNotContain("index demo");
        assertThat(result.summary().selfCheck()).isTrue();
        assertThat(v.questions()).isEqualTo(24);
        assertThat(v.accuracy()).isEqualTo(1.0);
        assertThat(v.retrieval())
                .as("nothing retrieved")
                .satisfiesAnyOf(
                        r -> assertThat(r).isNull(),
                        r -> assertThat(r.getV1().getQuestions()).isZero());
        assertThat(Files.readAllLines(result.outDir().resolve("exam_log.jsonl")))
                .allSatisfy(
                        line ->
                                assertThat(line)
                                        .doesNotContain("\"stage\": \"retrieve\"")
                                        .doesNotContain("\"stage\":\"retrieve\"")
                                        .contains("the exam set's gold"));
    }

    @Test
    void selfCheckOnTheErpSetIsPerfect() throws Exception {
        Path erp = Home.resolve().resolve("exam-sets/erp/erp.jsonl");
        RunResult result =
                run(
                        erp,
                        "it-erp-" + System.nanoTime(),
                        Map.of("JOIN_PLANNER_ENABLED", "true", "JOIN_HINT_FORMAT", "both"));
        ExamSummary.VariantSummary v = result.summary().variants().get(0);
        assertThat(result.summary().subgraphCacheHits())
                .as("questions on the same modules reuse the keyed subgraph")
                .isPositive();
        assertThat(result.summary().subgraphCacheMisses()).isPositive();
        assertThat(Files.readAllLines(result.outDir().resolve("exam_log.jsonl")))
                .allSatisfy(line -> assertThat(line).contains("\"plan_joins\""));
        assertThat(v.questions()).isGreaterThanOrEqualTo(150);
        assertThat(v.overall().getCorrect()).isEqualTo(v.questions());
        assertThat(v.byModule())
                .containsKeys(
                        "HR",
                        "Finance",
                        "Sales",
                        "Inventory",
                        "Purchasing",
                        "Projects",
                        "Manufacturing",
                        "CRM",
                        "Cross-Module");
        assertThat(v.retrieval().getV1().getQuestions()).isEqualTo(v.questions());
        assertThat(v.retrieval().getV1().getRecall())
                .as("V1 recall on the ERP set")
                .isGreaterThan(0.9);
        assertThat(v.retrieval().getV2().getRecall())
                .as("V2 recall on the ERP set")
                .isGreaterThan(0.9);
        assertThat(result.rejectedLines()).isZero();
    }

    @Test
    void badLinesAndBadGoldsAreReportedAndTheRestRuns() throws Exception {
        Path set = tmp.resolve("mixed.jsonl");
        Files.write(
                set,
                List.of(
                        "{\"id\":\"ok-1\",\"db\":\"demo\",\"question\":\"How many employees?\",\"gold_sql\":\"SELECT COUNT(*) FROM employees\",\"difficulty\":\"easy\",\"team\":\"qa\"}",
                        "{\"id\":\"ok-2\",\"db\":\"demo\",\"question\":\"Departments by name\",\"gold_sql\":\"SELECT dept_name FROM departments ORDER BY dept_name\",\"difficulty\":\"medium\"}",
                        "{this is not json",
                        "",
                        "{\"id\":\"no-question\",\"db\":\"demo\",\"gold_sql\":\"SELECT 1\"}",
                        "{\"id\":\"bad-db\",\"db\":\"no_such_db\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\"}",
                        "{\"id\":\"ok-1\",\"db\":\"demo\",\"question\":\"duplicate\",\"gold_sql\":\"SELECT 1\"}",
                        "{\"id\":\"broken-gold\",\"db\":\"demo\",\"question\":\"Salaries?\",\"gold_sql\":\"SELECT salary_amt FROM employees\",\"difficulty\":\"hard\"}",
                        "{\"id\":\"random-gold\",\"db\":\"demo\",\"question\":\"A random number\",\"gold_sql\":\"SELECT random()\",\"difficulty\":\"hard\"}"));
        String runId = "it-mixed-" + System.nanoTime();

        RunResult first = run(set, runId, Map.of());

        ExamSummary.VariantSummary v = first.summary().variants().get(0);
        assertThat(first.summary().rejectedLines()).isEqualTo(4);
        assertThat(v.questions()).isEqualTo(4);
        assertThat(v.overall().getCorrect()).isEqualTo(2);
        assertThat(v.accuracy())
                .as("a broken or non-deterministic gold must not pass the self-check")
                .isEqualTo(0.5);
        assertThat(v.reasons()).containsEntry("gold_error", 1L).containsEntry("value_mismatch", 1L);

        List<JsonNode> rejected = readJsonl(first.outDir().resolve("rejected.jsonl"));
        assertThat(rejected)
                .extracting(n -> n.get("line_number").asLong())
                .containsExactly(3L, 5L, 6L, 7L);
        assertThat(rejected)
                .extracting(n -> n.get("reason").asText())
                .satisfiesExactly(
                        r -> assertThat(r).startsWith("invalid JSON"),
                        r -> assertThat(r).isEqualTo("missing field 'question'"),
                        r -> assertThat(r).startsWith("unknown database 'no_such_db'"),
                        r -> assertThat(r).isEqualTo("duplicate id 'ok-1' (first on line 1)"));

        List<JsonNode> log = readJsonl(first.outDir().resolve("exam_log.jsonl"));
        assertThat(log)
                .extracting(n -> n.get("question_id").asText())
                .containsExactly("ok-1", "ok-2", "broken-gold", "random-gold");
        JsonNode ok1 = log.get(0);
        assertThat(ok1.get("extras").get("team").asText()).isEqualTo("qa");
        assertThat(ok1.get("trace"))
                .extracting(t -> t.get("stage").asText())
                .containsExactly(
                        "embed",
                        "route",
                        "retrieve",
                        "generate",
                        "evaluate",
                        "execute_gold",
                        "execute",
                        "grade");
        JsonNode retrieval = ok1.get("retrieval");
        assertThat(retrieval.get("strategy").asText())
                .as("a 6-table database gets the full schema")
                .isEqualTo("full_schema");
        assertThat(retrieval.get("tables")).hasSize(6);
        assertThat(log.get(1).get("order_matters").asBoolean()).isTrue();
        JsonNode broken = log.get(2);
        assertThat(broken.get("reason").asText()).isEqualTo("gold_error");
        assertThat(broken.get("sqlstate").asText()).isEqualTo("42703");
        assertThat(broken.get("error_class").asText()).isEqualTo("sql_error");

        assertThat(resultRows(runId)).isEqualTo(4);
        // each row holds its log line as written, and its trace column is that line's trace
        for (String line : Files.readAllLines(first.outDir().resolve("exam_log.jsonl"))) {
            JsonNode node = Json.MAPPER.readTree(line);
            String same =
                    "SELECT count(*) FROM exam.results WHERE run_id = '"
                            + runId
                            + "' AND question_id = '"
                            + node.get("question_id").asText()
                            + "' AND record = '"
                            + line.replace("'", "''")
                            + "'::jsonb AND trace = '"
                            + node.get("trace").toString().replace("'", "''")
                            + "'::jsonb";
            assertThat(scalar(same)).as(node.get("question_id").asText()).isEqualTo(1);
        }
        RunResult second = run(set, runId, Map.of());
        assertThat(second.logLines()).isEqualTo(4);
        assertThat(resultRows(runId))
                .as("a rerun of the same run id upserts, never duplicates")
                .isEqualTo(4);
        assertThat(runStatus(runId)).isEqualTo("finished");
        assertThat(Files.readString(second.outDir().resolve("summary.json")))
                .contains("\"accuracy\" : 0.5");
    }

    private static List<JsonNode> readJsonl(Path file) throws Exception {
        List<JsonNode> nodes = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(file)) nodes.add(Json.MAPPER.readTree(line));
        return nodes;
    }

    private static long resultRows(String runId) throws Exception {
        return scalar("SELECT count(*) FROM exam.results WHERE run_id = '" + runId + "'");
    }

    private static String runStatus(String runId) throws Exception {
        try (Connection c = DriverManager.getConnection(controlUrl());
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT status FROM exam.runs WHERE run_id = '" + runId + "'")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static long scalar(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(controlUrl());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String controlUrl() {
        return new dev.sqlexam.database.JdbcUrlTemplate(
                        settings(Map.of()).get(dev.sqlexam.config.SqlExamOptions.JDBC_URL))
                .forDatabase("sqlexam");
    }
}
