package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.predictions.PredictionsFile;
import dev.sqlexam.report.ConsoleReport;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code sqlexam grade} end to end: two predictions files, every reason code a grade run can give
 * (a grade run turns a question without SQL into {@code missing}, never {@code no_prediction}), the
 * side-by-side summary.
 */
class GradeITCase {

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path tmp;

    /** id → {gold, prediction of system A (null: none), expected reason for A}. */
    private static final Map<String, String[]> CASES = new LinkedHashMap<>();

    static {
        CASES.put(
                "match",
                new String[] {
                    "SELECT COUNT(*) FROM employees", "select count(*) from employees", "match"
                });
        CASES.put(
                "unordered",
                new String[] {
                    "SELECT dept_name FROM departments",
                    "SELECT dept_name FROM departments ORDER BY dept_name DESC",
                    "match_unordered"
                });
        CASES.put(
                "empty",
                new String[] {
                    "SELECT customer_name FROM customers WHERE country = 'Atlantis'",
                    "SELECT customer_name FROM customers WHERE 1 = 0",
                    "match_empty"
                });
        CASES.put(
                "distinct",
                new String[] {
                    "SELECT dept_id FROM employees",
                    "SELECT DISTINCT dept_id FROM employees",
                    "row_count_mismatch"
                });
        CASES.put(
                "values",
                new String[] {
                    "SELECT MAX(salary) FROM employees",
                    "SELECT MIN(salary) FROM employees",
                    "value_mismatch"
                });
        CASES.put(
                "columns",
                new String[] {
                    "SELECT dept_name FROM departments",
                    "SELECT dept_name, location FROM departments",
                    "column_count_mismatch"
                });
        CASES.put(
                "order",
                new String[] {
                    "SELECT dept_name FROM departments ORDER BY dept_name",
                    "SELECT dept_name FROM departments ORDER BY dept_name DESC",
                    "order_mismatch"
                });
        CASES.put(
                "cap",
                new String[] {
                    "SELECT 1", "SELECT g FROM generate_series(1, 500) g", "row_cap_exceeded"
                });
        CASES.put(
                "error",
                new String[] {
                    "SELECT COUNT(*) FROM employees", "SELECT nope FROM employees", "pred_error"
                });
        CASES.put(
                "blocked",
                new String[] {
                    "SELECT COUNT(*) FROM employees", "DELETE FROM employees", "pred_blocked"
                });
        CASES.put(
                "slow",
                new String[] {
                    "SELECT COUNT(*) FROM employees",
                    "SELECT count(*) FROM generate_series(1, 2000000000)",
                    "timeout"
                });
        CASES.put("absent", new String[] {"SELECT COUNT(*) FROM employees", null, "missing"});
        CASES.put("bad-gold", new String[] {"SELECT nope FROM nowhere", "SELECT 1", "gold_error"});
        CASES.put("no-connections", new String[] {"SELECT 1", "SELECT 1", "infra_failure"});
    }

    /**
     * A database that takes no connection but a superuser's: its questions wait out the retry time,
     * then meet an infrastructure failure (53300).
     */
    private static void databaseThatRefusesConnections(Map<String, String> env) throws Exception {
        var admin = new dev.sqlexam.database.JdbcUrlTemplate(env.get("SQLEXAM_JDBC_URL"));
        try (var c = java.sql.DriverManager.getConnection(admin.forDatabase("postgres"));
                var s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS it_no_connections WITH (FORCE)");
            s.execute("CREATE DATABASE it_no_connections CONNECTION LIMIT 0");
            s.execute("GRANT CONNECT ON DATABASE it_no_connections TO sqlexam_reader");
        }
    }

    @Test
    void twoSystemsAreGradedSideBySideWithEveryReasonCode() throws Exception {
        Path set = tmp.resolve("set.jsonl");
        List<String> setLines = new ArrayList<>();
        List<String> systemA = new ArrayList<>();
        List<String> systemB = new ArrayList<>();
        CASES.forEach(
                (id, c) -> {
                    setLines.add(
                            json(
                                    Map.of(
                                            "id",
                                            id,
                                            "db",
                                            id.equals("no-connections")
                                                    ? "it_no_connections"
                                                    : "demo",
                                            "question",
                                            "case " + id,
                                            "gold_sql",
                                            c[0])));
                    if (c[1] != null)
                        systemA.add(
                                json(
                                        Map.of(
                                                "id",
                                                id,
                                                "sql",
                                                c[1],
                                                "system",
                                                "system-a",
                                                "latency_ms",
                                                40)));
                    systemB.add(c[0].startsWith("SELECT nope") ? "SELECT 1" : c[0]);
                });
        systemA.add(json(Map.of("id", "unknown-id", "sql", "SELECT 1", "system", "system-a")));
        Files.write(set, setLines);
        Path a = tmp.resolve("a.jsonl");
        Files.write(a, systemA);
        Path b = tmp.resolve("system-b.txt");
        Files.write(b, systemB);

        List<ExamQuestion> questions = ExamSetFiles.read(set, null).questions();
        List<PredictionsFile.Loaded> files =
                List.of(PredictionsFile.read(a, questions), PredictionsFile.read(b, questions));
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        databaseThatRefusesConnections(env);
        // a database that takes no connection stays "too many connections": waited for 2 s, then
        // infra_failure
        Settings settings =
                Settings.resolve(
                        Map.of(),
                        env,
                        Map.of(
                                "row_cap",
                                "100",
                                "grade_timeout_base_ms",
                                "1500",
                                "grade_timeout_gold_factor",
                                "2",
                                "connection_retry_ms",
                                "2000"));
        RunResult result =
                new GradeRun(
                                settings,
                                set,
                                files,
                                tmp.resolve("runs"),
                                "it-grade-" + System.nanoTime(),
                                new PrintStream(
                                        new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                        .run(FlinkTarget.local());

        Map<String, JsonNode> a1 = new HashMap<>();
        Map<String, JsonNode> b1 = new HashMap<>();
        for (String line : Files.readAllLines(result.outDir().resolve("exam_log.jsonl"))) {
            JsonNode r = Json.MAPPER.readTree(line);
            (r.get("variant").asText().equals("system-a") ? a1 : b1)
                    .put(r.get("question_id").asText(), r);
        }
        CASES.forEach(
                (id, c) -> assertThat(a1.get(id).get("reason").asText()).as(id).isEqualTo(c[2]));
        assertThat(b1.values())
                .as("system B answers with the golds")
                .allSatisfy(
                        r ->
                                assertThat(r.get("reason").asText())
                                        .isIn(
                                                "match",
                                                "match_empty",
                                                "gold_error",
                                                "infra_failure"));
        assertThat(a1.get("columns").get("lenient_correct").asBoolean()).isTrue();
        assertThat(a1.get("distinct").get("bird_correct").asBoolean())
                .as("the same set of rows")
                .isTrue();
        assertThat(a1.get("unordered").get("bird_correct").asBoolean()).isTrue();
        assertThat(a1.get("columns").get("bird_correct").asBoolean()).isFalse();
        assertThat(a1.get("slow").get("pred_ms").asLong())
                .as("1.5 s + 2 × the gold's time, ended by the server")
                .isLessThan(6_000);
        assertThat(a1.get("absent").get("failure_type").asText()).isEqualTo("missing");
        assertThat(a1.get("match").get("generation").get("latency_ms").asLong()).isEqualTo(40);
        assertThat(a1.get("match").get("pred_sql").asText())
                .as("graded as submitted: no LIMIT added")
                .isEqualTo("select count(*) from employees");

        List<String> rejected = Files.readAllLines(result.outDir().resolve("rejected.jsonl"));
        assertThat(rejected)
                .singleElement()
                .satisfies(l -> assertThat(l).contains("no question with id 'unknown-id'"));

        ExamSummary s = result.summary();
        assertThat(s.generator()).isEqualTo("predictions");
        assertThat(s.variants())
                .extracting(ExamSummary.VariantSummary::variant)
                .containsExactlyInAnyOrder("system-a", "system-b");
        ExamSummary.VariantSummary va =
                s.variants().stream()
                        .filter(v -> v.variant().equals("system-a"))
                        .findFirst()
                        .orElseThrow();
        assertThat(va.overall().getCorrect()).as("match, unordered, empty").isEqualTo(3);
        assertThat(va.overall().getLenientCorrect()).as("and the extra column").isEqualTo(4);
        assertThat(va.overall().getNonEmptyCorrect()).as("without the empty match").isEqualTo(2);
        assertThat(va.overall().getBirdCorrect())
                .as("match, unordered, empty, distinct, and order: sets ignore order")
                .isEqualTo(5);
        assertThat(va.reasons())
                .containsKeys(
                        "missing", "timeout", "gold_error", "row_cap_exceeded", "infra_failure");
        assertThat(va.overall().getExcluded())
                .as("infrastructure is excluded from accuracy")
                .isEqualTo(1);
        assertThat(s.comparisons())
                .singleElement()
                .satisfies(
                        c -> {
                            assertThat(c.paired())
                                    .as("the infrastructure failure is not paired")
                                    .isEqualTo(CASES.size() - 1);
                            assertThat(c.onlyA() + c.onlyB() + c.bothCorrect() + c.bothWrong())
                                    .isEqualTo(c.paired());
                            assertThat(c.pValue()).isBetween(0.0, 1.0);
                        });
        String console = ConsoleReport.render(s);
        assertThat(console)
                .contains("side by side")
                .contains("system-a")
                .contains("system-b")
                .contains("BIRD-EX (row sets)")
                .contains("non-empty EX")
                .contains("McNemar exact p");
    }

    private static String json(Map<String, Object> fields) {
        try {
            return Json.MAPPER.writeValueAsString(fields);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
