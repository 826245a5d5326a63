package dev.sqlexam.jobs.exam;

import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.CliRun;
import dev.sqlexam.jobs.ReportBrowser;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spider and BIRD on their own SQLite files, end to end through the CLI: five SQLite databases
 * built here, the 405 cases of resources/official/spider-rule-cases.json (verdicts recorded from
 * the official evaluators' output, see OfficialRulesCasesTest) as a Spider and as a BIRD source,
 * imported ({@code import spider|bird --databases}: every question kept, golds unmodified) and
 * graded at parallelism 2. Every record's {@code spider_correct} and {@code bird_correct} is the
 * official verdict; the gold self-check is right under both; the pipeline with a model and the
 * fuzzed suites stop at once with what to do instead.
 */
class SqliteGradeITCase {

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir static Path tmp;
    private static JsonNode cases;

    @BeforeAll
    static void databases() throws Exception {
        JsonNode fixture;
        try (InputStream in =
                SqliteGradeITCase.class.getResourceAsStream("/official/spider-rule-cases.json")) {
            fixture = Json.MAPPER.readTree(in);
        }
        cases = fixture.get("cases");
        var names = fixture.get("databases").fieldNames();
        while (names.hasNext()) {
            String db = names.next();
            Path file = tmp.resolve("database").resolve(db).resolve(db + ".sqlite");
            Files.createDirectories(file.getParent());
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                    Statement s = c.createStatement()) {
                for (JsonNode sql : fixture.get("databases").get(db)) s.execute(sql.asText());
            }
        }
    }

    @Test
    void spidersPredTxtGetsTheOfficialVerdictOnEveryQuestion() throws Exception {
        List<Map<String, Object>> dev = new ArrayList<>();
        List<String> gold = new ArrayList<>();
        List<String> pred = new ArrayList<>();
        for (JsonNode c : cases) {
            dev.add(
                    Map.of(
                            "db_id",
                            c.get("db").asText(),
                            "question",
                            c.get("id").asText(),
                            "query",
                            c.get("gold").asText()));
            gold.add(c.get("gold").asText() + "\t" + c.get("db").asText());
            pred.add(c.get("line").asText());
        }
        Path devJson = tmp.resolve("spider-dev.json");
        Files.writeString(devJson, Json.MAPPER.writeValueAsString(dev));
        Path goldFile = tmp.resolve("dev_gold.sql");
        Files.write(goldFile, gold);
        Path predTxt = tmp.resolve("pred.txt");
        Files.write(predTxt, pred);
        Path set = tmp.resolve("spider/spider.jsonl");
        byte[] before = Files.readAllBytes(tmp.resolve("database/shop/shop.sqlite"));

        CliRun imported =
                CliRun.of(
                        "import",
                        "spider",
                        "--dev-json",
                        devJson.toString(),
                        "--gold",
                        goldFile.toString(),
                        "--databases",
                        tmp.resolve("database").toString(),
                        "--write-exam-set",
                        set.toString(),
                        "--jdbc-url",
                        TestDatabase.url());
        assertThat(imported.exit()).as(imported.toString()).isZero();
        assertThat(imported.out())
                .contains("registered (SQLite, as it is)")
                .contains("imported " + cases.size() + " of " + cases.size() + " questions");
        List<JsonNode> lines = lines(set);
        assertThat(lines).hasSize(cases.size());
        for (int i = 0; i < lines.size(); i++) {
            assertThat(lines.get(i).get("gold_sql").asText())
                    .as("unmodified")
                    .isEqualTo(cases.get(i).get("gold").asText());
            assertThat(lines.get(i).get("benchmark").asText()).isEqualTo("spider");
            assertThat(Path.of(lines.get(i).get("db_file").asText())).exists();
        }

        CliRun graded = grade(set, predTxt, "spider-grade");
        assertThat(graded.exit()).as(graded.toString()).isZero();
        assertThat(graded.out()).contains("EX, Spider's rule");
        Map<String, JsonNode> byId = records("spider-grade");
        assertThat(byId).hasSize(cases.size());
        List<String> differ = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            JsonNode c = cases.get(i);
            JsonNode r = byId.get(String.format("spider-%04d", i));
            boolean expected = c.get("official_ex").isInt() && c.get("official_ex").asInt() == 1;
            if (r.get("spider_correct").asBoolean() != expected)
                differ.add(
                        c.get("id").asText()
                                + " official "
                                + c.get("official_ex")
                                + " ours "
                                + r.get("spider_correct"));
        }
        assertThat(differ).as("spider_correct against the official script").isEmpty();
        assertThat(Files.readAllBytes(tmp.resolve("database/shop/shop.sqlite")))
                .as("the benchmark's file is only read")
                .isEqualTo(before);
        headlineInABrowser(tmp.resolve("runs/spider-grade/report.html"));

        CliRun selfCheck =
                CliRun.of(
                        "exam",
                        "--exam-set",
                        set.toString(),
                        "--generator",
                        "gold",
                        "--jdbc-url",
                        TestDatabase.url(),
                        "--out",
                        tmp.resolve("runs").toString(),
                        "--run-id",
                        "spider-gold");
        assertThat(selfCheck.exit()).as(selfCheck.toString()).isZero();
        Map<String, JsonNode> golds = records("spider-gold");
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            JsonNode c = cases.get(i);
            JsonNode r = golds.get(String.format("spider-%04d", i));
            // right, but for the cases written to have a gold SQLite refuses as written (two
            // statements, MySQL's CURDATE, ...)
            boolean goldCase =
                    c.get("id").asText().contains("gold")
                            || c.get("gold").asText().toUpperCase().contains("CURDATE");
            if (!r.get("correct").asBoolean()
                    && !(goldCase && r.get("reason").asText().equals("gold_error")))
                wrong.add(c.get("id").asText() + " strict " + r.get("reason"));
            // where the case's prediction is its gold, the official verdict is known
            if (c.get("line").asText().equals(c.get("gold").asText())) {
                boolean official =
                        c.get("official_ex").isInt() && c.get("official_ex").asInt() == 1;
                if (r.get("spider_correct").asBoolean() != official)
                    wrong.add(c.get("id").asText() + " spider " + r.get("spider_correct"));
            }
        }
        assertThat(wrong).as("the gold self-check").isEmpty();

        // the grade's answers replayed by the pipeline on the same files: the same verdicts
        CliRun replayed =
                CliRun.of(
                        "exam",
                        "--exam-set",
                        set.toString(),
                        "--generator",
                        "replay",
                        "--set",
                        "replay_log=" + tmp.resolve("runs/spider-grade/exam_log.jsonl"),
                        "--jdbc-url",
                        TestDatabase.url(),
                        "--out",
                        tmp.resolve("runs").toString(),
                        "--run-id",
                        "spider-replay");
        assertThat(replayed.exit()).as(replayed.toString()).isZero();
        Map<String, JsonNode> replays = records("spider-replay");
        List<String> replayDiffers = new ArrayList<>();
        byId.forEach(
                (id, r) -> {
                    if (!r.get("spider_correct").equals(replays.get(id).get("spider_correct"))
                            || !r.get("correct").equals(replays.get(id).get("correct")))
                        replayDiffers.add(
                                id
                                        + " graded "
                                        + r.get("candidates")
                                        + " "
                                        + r.get("reason")
                                        + " "
                                        + r.get("spider_correct")
                                        + ", replayed "
                                        + replays.get(id).get("candidates")
                                        + " "
                                        + replays.get(id).get("reason")
                                        + " "
                                        + replays.get(id).get("spider_correct")
                                        + " "
                                        + replays.get(id).get("grade_detail")
                                        + " "
                                        + replays.get(id).get("error"));
                });
        assertThat(replayDiffers).as("replayed against graded").isEmpty();
        assertThat(replays.values())
                .as("no schema index on a SQLite file: no retrieval to blame")
                .noneMatch(r -> "retrieval_miss".equals(r.path("failure_type").asText()));
        assertThat(replayed.out()).doesNotContain("full retrieval recall");

        CliRun model =
                CliRun.of(
                        "exam",
                        "--exam-set",
                        set.toString(),
                        "--generator",
                        "baseline",
                        "--jdbc-url",
                        TestDatabase.url(),
                        "--out",
                        tmp.resolve("runs").toString());
        assertThat(model.exit()).isEqualTo(1);
        assertThat(model.err()).contains("SQLite files").contains("--into-postgres");
        CliRun suites = grade(set, predTxt, "spider-suite", "--test-suite", "3");
        assertThat(suites.exit()).isEqualTo(1);
        assertThat(suites.err()).contains("--test-suite-dir");
    }

    /** The report's headline chart is Spider's rule, drawn in a real browser without a fault. */
    private static void headlineInABrowser(Path report) {
        try (ReportBrowser browser = ReportBrowser.open()) {
            browser.driver.get(report.toUri().toString());
            new WebDriverWait(browser.driver, Duration.ofSeconds(30))
                    .until(
                            d ->
                                    "true"
                                            .equals(
                                                    d.findElement(By.tagName("body"))
                                                            .getDomAttribute("data-ready")));
            assertThat(browser.consoleProblems()).as("the browser console").isEmpty();
            assertThat(
                            browser.driver
                                    .findElement(By.id("chart-accuracy"))
                                    .findElement(By.xpath("preceding-sibling::h2"))
                                    .getText())
                    .startsWith("EX, Spider's rule per variant");
            assertThat(browser.marksPerChart().get("chart-accuracy")).isPositive();
        }
    }

    @Test
    void birdsPredictDevGetsBirdsVerdictOnEveryQuestion() throws Exception {
        List<Map<String, Object>> dev = new ArrayList<>();
        Map<String, String> predictions = new LinkedHashMap<>();
        for (int i = 0; i < cases.size(); i++) {
            JsonNode c = cases.get(i);
            dev.add(
                    Map.of(
                            "question_id",
                            i,
                            "db_id",
                            c.get("db").asText(),
                            "question",
                            c.get("id").asText(),
                            "evidence",
                            "",
                            "SQL",
                            c.get("gold").asText(),
                            "difficulty",
                            "simple"));
            predictions.put(
                    Integer.toString(i),
                    c.get("line").asText().strip().split("\t", -1)[0]
                            + "\t----- bird -----\t"
                            + c.get("db").asText());
        }
        Path devJson = tmp.resolve("bird-dev.json");
        Files.writeString(devJson, Json.MAPPER.writeValueAsString(dev));
        Path file = tmp.resolve("predict_dev.json");
        Files.writeString(file, Json.MAPPER.writeValueAsString(predictions));
        Path set = tmp.resolve("bird/bird.jsonl");
        CliRun imported =
                CliRun.of(
                        "import",
                        "bird",
                        "--dev-json",
                        devJson.toString(),
                        "--databases",
                        tmp.resolve("database").toString(),
                        "--write-exam-set",
                        set.toString(),
                        "--jdbc-url",
                        TestDatabase.url());
        assertThat(imported.exit()).as(imported.toString()).isZero();

        CliRun graded = grade(set, file, "bird-grade");
        assertThat(graded.exit()).as(graded.toString()).isZero();
        Map<String, JsonNode> byId = records("bird-grade");
        List<String> differ = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            JsonNode c = cases.get(i);
            JsonNode r = byId.get("bird-" + i);
            boolean expected = c.get("bird_ex").asInt() == 1;
            // a prediction that is blank is no answer here (missing); BIRD runs it and gets no rows
            if (c.get("line").asText().strip().split("\t", -1)[0].isBlank()) continue;
            if (r.get("bird_correct").asBoolean() != expected)
                differ.add(
                        c.get("id").asText()
                                + " BIRD "
                                + expected
                                + " ours "
                                + r.get("bird_correct"));
        }
        assertThat(differ).as("bird_correct against BIRD's evaluation.py").isEmpty();
    }

    private static CliRun grade(Path set, Path predictions, String runId, String... more) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "grade",
                                "--exam-set",
                                set.toString(),
                                "--predictions",
                                predictions.toString(),
                                "--jdbc-url",
                                TestDatabase.url(),
                                "--out",
                                tmp.resolve("runs").toString(),
                                "--run-id",
                                runId));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    private static Map<String, JsonNode> records(String runId) throws Exception {
        Map<String, JsonNode> byId = new HashMap<>();
        for (JsonNode r : lines(tmp.resolve("runs").resolve(runId).resolve("exam_log.jsonl")))
            byId.put(r.get("question_id").asText(), r);
        return byId;
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String l : Files.readAllLines(file))
            if (!l.isBlank()) out.add(Json.MAPPER.readTree(l));
        return out;
    }
}
