package dev.sqlexam.jobs;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Five questions of a BIRD-format and a Spider-format source on a PostgreSQL database whose tables
 * sqlexam's reader cannot read yet, the second gold broken, end to end through the CLI. {@code
 * import} grants read access (its pre-flight), keeps every question (the broken gold reported in
 * its gold_health) and records every position; {@code grade} of a predict_dev.json and of a
 * pred.txt in which every prediction is its own gold finds every other question correct and the
 * broken one a gold_error, each prediction on its own question.
 */
class ImportPositionsITCase {

    static final String DB = "it_pos_shop";

    /** The source's golds, as SQLite benchmarks write them; the second fails on any database. */
    static final List<String> GOLDS =
            List.of(
                    "SELECT count(*) FROM singer",
                    "SELECT nope FROM singer",
                    "SELECT Name FROM singer WHERE Country = \"France\"",
                    "SELECT T2.Name, count(*) FROM concert AS T1 JOIN singer AS T2 ON T1.Singer_ID = T2.Singer_ID GROUP BY T2.Name",
                    "SELECT max(`Age`) FROM singer");

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path tmp;

    @BeforeEach
    void aDatabaseTheReaderCannotReadYet() throws Exception {
        JdbcUrlTemplate admin = TestDatabase.admin();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DB + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + DB);
        }
        try (Connection c = DriverManager.getConnection(admin.forDatabase(DB));
                Statement s = c.createStatement()) {
            s.execute(
                    "CREATE TABLE singer (singer_id int PRIMARY KEY, name text, country text, age int)");
            s.execute(
                    "CREATE TABLE concert (concert_id int PRIMARY KEY, singer_id int REFERENCES singer(singer_id), year text)");
            s.execute(
                    "INSERT INTO singer VALUES (1, 'Joe', 'France', 30), (2, 'Ann', 'Netherlands', 40), (3, 'Tim', 'France', 50)");
            s.execute("INSERT INTO concert VALUES (1, 1, '2014'), (2, 1, '2015'), (3, 2, '2014')");
        }
    }

    @AfterAll
    static void dropTheDatabase() throws Exception {
        try (Connection c =
                        DriverManager.getConnection(TestDatabase.admin().forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DB + " WITH (FORCE)");
        }
    }

    @Test
    void birdsPredictDevIsGradedByIndexInTheSource() throws Exception {
        List<Map<String, Object>> dev = new ArrayList<>();
        Map<String, String> predictions = new LinkedHashMap<>();
        for (int i = 0; i < GOLDS.size(); i++) {
            dev.add(
                    Map.of(
                            "question_id",
                            i,
                            "db_id",
                            DB,
                            "question",
                            "question " + i,
                            "evidence",
                            "",
                            "SQL",
                            GOLDS.get(i),
                            "difficulty",
                            "simple"));
            predictions.put(Integer.toString(i), GOLDS.get(i) + "\t----- bird -----\t" + DB);
        }
        Path set = importSet("bird", Json.MAPPER.writeValueAsString(dev));
        Path file = tmp.resolve("predict_dev.json");
        Files.writeString(file, Json.MAPPER.writeValueAsString(predictions));

        CliRun graded = grade(set, file);
        assertThat(graded.exit()).as(graded.toString()).isZero();
        assertThat(graded.out())
                .contains(
                        "predict_dev: BIRD indexes aligned by position in the source: 5 questions (5 in the exam set)");
        assertEveryGoodGoldCorrect(graded.out(), "bird-1", "bird-0", "bird-2", "bird-3", "bird-4");
    }

    @Test
    void spidersPredTxtOfTheWholeSourceIsGradedByLine() throws Exception {
        List<Map<String, Object>> dev = new ArrayList<>();
        for (String gold : GOLDS)
            dev.add(
                    Map.of(
                            "db_id",
                            DB,
                            "question",
                            "question about " + gold.length(),
                            "query",
                            gold));
        Path set = importSet("spider", Json.MAPPER.writeValueAsString(dev));
        Path file = tmp.resolve("pred.txt");
        Files.write(file, GOLDS);

        CliRun graded = grade(set, file);
        assertThat(graded.exit()).as(graded.toString()).isZero();
        assertThat(graded.out())
                .contains(
                        "pred: Spider lines aligned by position in the source: 5 questions (5 in the exam set)");
        assertEveryGoodGoldCorrect(
                graded.out(),
                "spider-0001",
                "spider-0000",
                "spider-0002",
                "spider-0003",
                "spider-0004");

        Path imported = tmp.resolve("pred-of-the-exam-set.txt");
        Files.write(imported, List.of(GOLDS.get(0), GOLDS.get(2), GOLDS.get(3), GOLDS.get(4)));
        CliRun refused = grade(set, imported);
        assertThat(refused.exit()).as(refused.toString()).isEqualTo(1);
        assertThat(refused.err())
                .contains(
                        "have 4 lines but the source the exam set was imported from has 5 questions (5 in the exam set)");
    }

    /**
     * Imports {@code devJson} as {@code benchmark} into tmp/{benchmark}.jsonl; checks that every
     * question is kept, the broken gold reported, and the positions.
     */
    private Path importSet(String benchmark, String devJson) throws Exception {
        Path dev = tmp.resolve(benchmark + "-dev.json");
        Files.writeString(dev, devJson);
        Path set = tmp.resolve(benchmark + ".jsonl");
        CliRun imported =
                CliRun.of(
                        "import",
                        benchmark,
                        "--dev-json",
                        dev.toString(),
                        "--write-exam-set",
                        set.toString(),
                        "--jdbc-url",
                        TestDatabase.url());
        assertThat(imported.exit()).as(imported.toString()).isZero();
        assertThat(imported.out())
                .contains("[sqlexam] granted sqlexam_reader")
                .contains("imported 5 of 5 questions")
                .contains("gold health: 4 of 5 golds without problems");
        List<JsonNode> all = lines(set);
        assertThat(all)
                .extracting(n -> n.get("source_index").asInt())
                .containsExactly(0, 1, 2, 3, 4);
        assertThat(all.get(1).get("gold_health").get(0).asText()).startsWith("error");
        assertThat(all).filteredOn(n -> n.has("gold_health")).hasSize(1);
        assertThat(lines(set.resolveSibling(benchmark + ".quarantine.jsonl"))).isEmpty();
        return set;
    }

    private CliRun grade(Path set, Path predictions) throws Exception {
        return CliRun.of(
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
                "it-pos-" + System.nanoTime());
    }

    /** Every question graded on its own prediction: {@code broken} a gold_error, the rest right. */
    private void assertEveryGoodGoldCorrect(String console, String broken, String... ids)
            throws Exception {
        Path run;
        try (var runs = Files.list(tmp.resolve("runs"))) {
            run =
                    runs.filter(Files::isDirectory)
                            .max(java.util.Comparator.comparing(p -> p.getFileName().toString()))
                            .orElseThrow();
        }
        Map<String, JsonNode> byId = new LinkedHashMap<>();
        for (JsonNode r : lines(run.resolve("exam_log.jsonl")))
            byId.put(r.get("question_id").asText(), r);
        List<String> all = new ArrayList<>(List.of(ids));
        all.add(broken);
        assertThat(byId).as(console).containsOnlyKeys(all);
        assertThat(byId.get(broken).get("reason").asText()).isEqualTo("gold_error");
        byId.remove(broken);
        assertThat(byId.values())
                .as(console)
                .allSatisfy(
                        r -> {
                            assertThat(r.get("correct").asBoolean()).as(r.toString()).isTrue();
                            assertThat(r.get("reason").asText()).isEqualTo("match");
                        });
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String l : Files.readAllLines(file)) {
            if (!l.isBlank()) out.add(Json.MAPPER.readTree(l));
        }
        return out;
    }
}
