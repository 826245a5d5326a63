package dev.sqlexam.jobs.anchors;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.exam.GradeRun;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.predictions.PredictionsFile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ERP exam's near-miss predictions, with hand-written hard cases, written out as BIRD's
 * predict_dev.json, as test-suite-sql-eval's pred.txt and as defog sql-eval's results.csv (rows
 * sorted as its runners sort them), graded by sqlexam and, independently, by the three evaluators'
 * comparison rules ({@link OfficialRules}) on the same database. The three files are graded alike;
 * BIRD-EX agrees with BIRD's rule on every question; where EX differs from test-suite-sql-eval's or
 * lenient EX from defog's, the difference is one docs/migrating.md explains.
 */
class OfficialRulesAgreementITCase {

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path tmp;

    /** id → gold, prediction: the cases where the evaluators part ways. */
    private static final Map<String, String[]> HARD = new LinkedHashMap<>();

    static {
        HARD.put(
                "hard-duplicates",
                new String[] {
                    "SELECT dept_id FROM employees", "SELECT DISTINCT dept_id FROM employees"
                });
        HARD.put(
                "hard-extra-column",
                new String[] {
                    "SELECT dept_name FROM departments",
                    "SELECT dept_name, dept_code FROM departments"
                });
        HARD.put(
                "hard-column-order",
                new String[] {
                    "SELECT dept_name, dept_id FROM departments",
                    "SELECT dept_id, dept_name FROM departments"
                });
        HARD.put(
                "hard-reversed",
                new String[] {
                    "SELECT dept_name FROM departments ORDER BY dept_name",
                    "SELECT dept_name FROM departments ORDER BY dept_name DESC"
                });
        HARD.put(
                "hard-rounded",
                new String[] {
                    "SELECT AVG(gross_amt) FROM payslips",
                    "SELECT ROUND(AVG(gross_amt), 2) FROM payslips"
                });
        HARD.put(
                "hard-null-as-zero",
                new String[] {
                    "SELECT dept_id, parent_dept_id FROM departments",
                    "SELECT dept_id, COALESCE(parent_dept_id, 0) FROM departments"
                });
        HARD.put(
                "hard-count-type",
                new String[] {
                    "SELECT COUNT(*) FROM employees",
                    "SELECT COUNT(*)::numeric(12, 2) FROM employees"
                });
        HARD.put(
                "hard-both-empty",
                new String[] {
                    "SELECT dept_name FROM departments WHERE dept_id < 0",
                    "SELECT dept_code FROM departments WHERE false"
                });
        HARD.put(
                "hard-boolean-as-int",
                new String[] {
                    "SELECT leave_name, is_paid FROM leave_types",
                    "SELECT leave_name, CASE WHEN is_paid THEN 1 ELSE 0 END FROM leave_types"
                });
        HARD.put(
                "hard-date-as-text",
                new String[] {
                    "SELECT employee_id, hire_date FROM employees WHERE employee_id < 20",
                    "SELECT employee_id, hire_date::text FROM employees WHERE employee_id < 20"
                });
        HARD.put(
                "hard-float",
                new String[] {
                    "SELECT SUM(gross_amt) FROM payslips",
                    "SELECT SUM(gross_amt)::float8 FROM payslips"
                });
        HARD.put(
                "hard-case",
                new String[] {
                    "SELECT dept_name FROM departments", "SELECT UPPER(dept_name) FROM departments"
                });
        HARD.put(
                "hard-subset-rows",
                new String[] {
                    "SELECT dept_name FROM departments", "SELECT dept_name FROM departments LIMIT 3"
                });
    }

    @Test
    void theThreeFormatsAreGradedAlikeAndAgreeWithTheOfficialRules() throws Exception {
        JdbcUrlTemplate admin = TestDatabase.admin();
        Migrations.migrateAll(admin, Home.migrations());
        Path set = tmp.resolve("erp-and-hard.jsonl");
        List<String> setLines =
                new ArrayList<>(
                        Files.readAllLines(Home.resolve().resolve("exam-sets/erp/erp.jsonl")));
        Map<String, String> predicted = new LinkedHashMap<>();
        for (String line :
                Files.readAllLines(
                        Home.resolve().resolve("exam-sets/erp/examples/near-misses.jsonl"))) {
            JsonNode p = Json.MAPPER.readTree(line);
            predicted.put(p.get("id").asText(), p.get("sql").asText());
        }
        HARD.forEach(
                (id, c) -> {
                    setLines.add(
                            json(
                                    Map.of(
                                            "id",
                                            id,
                                            "db",
                                            "erp",
                                            "question",
                                            "Hard case " + id + ": which rows?",
                                            "gold_sql",
                                            c[0])));
                    predicted.put(id, c[1]);
                });
        Files.write(set, setLines);
        List<ExamQuestion> questions = ExamSetFiles.read(set, null).questions();
        assertThat(questions).hasSize(setLines.size());

        Path bird = tmp.resolve("predict_dev.json");
        Path spider = tmp.resolve("pred.txt");
        Path defog = tmp.resolve("results.csv");
        writeBird(bird, questions, predicted);
        writeSpider(spider, questions, predicted);
        writeDefog(defog, questions, predicted);
        List<PredictionsFile.Loaded> files = new ArrayList<>();
        for (Path file : List.of(bird, spider, defog)) {
            PredictionsFile.Loaded loaded = PredictionsFile.read(file, questions);
            assertThat(loaded.rejected()).as(file.getFileName().toString()).isEmpty();
            assertThat(loaded.byId()).as(file.getFileName().toString()).hasSize(predicted.size());
            files.add(loaded);
        }
        assertThat(files)
                .extracting(PredictionsFile.Loaded::format)
                .containsExactly(
                        PredictionsFile.Format.BIRD,
                        PredictionsFile.Format.SPIDER,
                        PredictionsFile.Format.DEFOG);

        Map<String, String> env = new HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        RunResult result =
                new GradeRun(
                                Settings.resolve(Map.of(), env, Map.of()),
                                set,
                                files,
                                tmp.resolve("runs"),
                                "it-anchors-" + System.nanoTime(),
                                new PrintStream(
                                        new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                        .run(FlinkTarget.local());
        Map<String, Map<String, JsonNode>> byFile = new TreeMap<>();
        for (String line : Files.readAllLines(result.outDir().resolve("exam_log.jsonl"))) {
            JsonNode r = Json.MAPPER.readTree(line);
            byFile.computeIfAbsent(r.get("variant").asText(), k -> new HashMap<>())
                    .put(r.get("question_id").asText(), r);
        }
        assertThat(byFile).hasSize(3);
        List<Map<String, JsonNode>> grades = new ArrayList<>(byFile.values());
        for (ExamQuestion q : questions) {
            assertThat(grades)
                    .as(q.id() + " graded alike in the three formats")
                    .extracting(g -> g.get(q.id()).get("reason").asText())
                    .containsOnly(grades.get(0).get(q.id()).get("reason").asText());
        }

        Agreement birdRule = new Agreement("BIRD set(rows) vs BIRD-EX");
        Agreement spiderRule = new Agreement("test-suite-sql-eval exec vs EX");
        Agreement defogRule = new Agreement("defog correct vs lenient EX");
        try (Connection c = DriverManager.getConnection(admin.forDatabase("erp"))) {
            c.setReadOnly(true);
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("SET statement_timeout = '20s'");
            }
            for (ExamQuestion q : questions) {
                JsonNode ours = grades.get(0).get(q.id());
                OfficialRules.Result pred = run(c, predicted.get(q.id()));
                boolean b = false;
                boolean sp = false;
                boolean d = false;
                List<String> golds = new ArrayList<>(List.of(q.goldSql()));
                golds.addAll(q.goldSqlAlternatives());
                for (String gold : golds) {
                    OfficialRules.Result g = run(c, gold);
                    if (g == null || pred == null) continue;
                    b |= OfficialRules.bird(g, pred);
                    sp |= OfficialRules.spider(g, pred, gold);
                    d |= OfficialRules.defog(g, pred);
                }
                birdRule.add(q.id(), b, ours.path("bird_correct").asBoolean());
                spiderRule.add(q.id(), sp, ours.path("correct").asBoolean());
                defogRule.add(q.id(), d, ours.path("lenient_correct").asBoolean());
            }
        }
        for (Agreement a : List.of(birdRule, spiderRule, defogRule)) System.out.println(a);
        // every difference is one docs/migrating.md explains: Python's True == 1, a date is not its
        // text, Decimal vs float
        // compared exactly, our relative tolerance, defog dropping duplicate rows and not checking
        // row order
        assertThat(birdRule.disagreements)
                .as("BIRD-EX vs BIRD's rule")
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(
                                "hard-boolean-as-int",
                                "official only",
                                "hard-date-as-text",
                                "sqlexam only",
                                "hard-float",
                                "sqlexam only"));
        assertThat(spiderRule.disagreements)
                .as("EX vs test-suite-sql-eval")
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(
                                "hard-boolean-as-int",
                                "official only",
                                "hard-date-as-text",
                                "sqlexam only",
                                "hard-float",
                                "sqlexam only",
                                "hard-rounded",
                                "sqlexam only"));
        assertThat(defogRule.disagreements)
                .as("lenient EX vs defog")
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(
                                "hard-boolean-as-int",
                                "official only",
                                "hard-date-as-text",
                                "sqlexam only",
                                "hard-duplicates",
                                "official only",
                                "hard-reversed",
                                "official only"));
    }

    /** How often two verdicts agree, and where not: id → which side said correct. */
    private static final class Agreement {
        final String name;
        final Map<String, String> disagreements = new TreeMap<>();
        int total;

        Agreement(String name) {
            this.name = name;
        }

        void add(String id, boolean official, boolean ours) {
            total++;
            if (official != ours)
                disagreements.put(id, official ? "official only" : "sqlexam only");
        }

        int agreeing() {
            return total - disagreements.size();
        }

        @Override
        public String toString() {
            return String.format(
                    "%s: %d of %d agree (%.1f%%); differ on %s",
                    name, agreeing(), total, 100.0 * agreeing() / total, disagreements);
        }
    }

    private static OfficialRules.Result run(Connection c, String sql) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute("SAVEPOINT q");
            try (ResultSet rs = s.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                List<String> columns = new ArrayList<>();
                for (int i = 1; i <= n; i++) columns.add(rs.getMetaData().getColumnLabel(i));
                List<List<Object>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= n; i++) row.add(OfficialRules.value(rs.getObject(i)));
                    rows.add(row);
                }
                s.execute("RELEASE SAVEPOINT q");
                return new OfficialRules.Result(columns, rows);
            } catch (java.sql.SQLException e) {
                s.execute("ROLLBACK TO SAVEPOINT q");
                return null;
            }
        }
    }

    private static void writeBird(Path file, List<ExamQuestion> questions, Map<String, String> sql)
            throws Exception {
        ObjectNode all = Json.MAPPER.createObjectNode();
        for (int i = 0; i < questions.size(); i++) {
            all.put(
                    Integer.toString(i),
                    sql.get(questions.get(i).id())
                            + "\t----- bird -----\t"
                            + questions.get(i).db());
        }
        Files.writeString(
                file, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(all));
    }

    private static void writeSpider(
            Path file, List<ExamQuestion> questions, Map<String, String> sql) throws Exception {
        List<String> lines = new ArrayList<>();
        for (ExamQuestion q : questions) lines.add(sql.get(q.id()).replaceAll("\\s+", " ").strip());
        Files.write(file, lines);
    }

    /**
     * As defog's runners write it: the questions' columns, generated_query and the runner's, sorted
     * by database and question.
     */
    private static void writeDefog(Path file, List<ExamQuestion> questions, Map<String, String> sql)
            throws Exception {
        List<ExamQuestion> sorted = new ArrayList<>(questions);
        sorted.sort(Comparator.comparing(ExamQuestion::db).thenComparing(ExamQuestion::question));
        StringBuilder csv =
                new StringBuilder(
                        "db_name,query_category,question,query,generated_query,correct,latency_seconds\n");
        for (ExamQuestion q : sorted) {
            csv.append(
                            String.join(
                                    ",",
                                    q.db(),
                                    "filter",
                                    quoted(q.question()),
                                    quoted(q.goldSql()),
                                    quoted(sql.get(q.id())),
                                    "0",
                                    "1.25"))
                    .append('\n');
        }
        Files.writeString(file, csv.toString());
    }

    private static String quoted(String text) {
        return '"' + text.replace("\"", "\"\"") + '"';
    }

    private static String json(Map<String, Object> fields) {
        try {
            return Json.MAPPER.writeValueAsString(fields);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
