package dev.sqlexam.grading;

import dev.sqlexam.benchmarks.SpiderText;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.QueryOutcome;
import dev.sqlexam.sql.ReadOnlyExecutor;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spider's and BIRD's verdicts on SQLite databases built here, against the verdicts their
 * evaluators gave on the same cases (resources/official/spider-rule-cases.json, recorded from the
 * official script's output by scripts/dev/spider-rule-fixture.py, written without looking at this
 * code). A case the official script crashes on (an empty line, a failing gold) is wrong here, as
 * docs/migrating.md says.
 */
class OfficialRulesCasesTest {

    @TempDir static Path tmp;
    private static JsonNode fixture;
    private static ReadOnlyExecutor executor;

    @BeforeAll
    static void databases() throws Exception {
        try (InputStream in =
                OfficialRulesCasesTest.class.getResourceAsStream(
                        "/official/spider-rule-cases.json")) {
            fixture = Json.MAPPER.readTree(in);
        }
        executor = ReadOnlyExecutor.forSqliteFiles(10_000, 100_000);
        var names = fixture.get("databases").fieldNames();
        while (names.hasNext()) {
            String db = names.next();
            Path file = tmp.resolve(db).resolve(db + ".sqlite");
            Files.createDirectories(file.getParent());
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                    Statement s = c.createStatement()) {
                for (JsonNode sql : fixture.get("databases").get(db)) s.execute(sql.asText());
            }
            executor.registerSqlite(db, file);
        }
    }

    @AfterAll
    static void close() {
        executor.closeSqlite();
    }

    private static ExamQuestion question(JsonNode c) {
        return SpiderQuestions.onFile(
                c.get("id").asText(), c.get("db").asText(), c.get("gold").asText(), tmp.toString());
    }

    @Test
    void spidersVerdictIsTheOfficialScriptsOnEveryCase() {
        OfficialRules rules = new OfficialRules(executor, null, null);
        List<String> differ = new ArrayList<>();
        int checked = 0;
        for (JsonNode c : fixture.get("cases")) {
            ExamQuestion q = question(c);
            String line = c.get("line").asText();
            String predicted = SpiderText.predictionOfLine(line);
            Boolean verdict = rules.spider(q, predicted.isEmpty() ? null : predicted, null, null);
            boolean ours = Boolean.TRUE.equals(verdict);
            JsonNode official = c.get("official_ex");
            boolean expected = official.isInt() && official.asInt() == 1;
            checked++;
            if (ours != expected)
                differ.add(
                        c.get("id").asText()
                                + " (official "
                                + official
                                + ", ours "
                                + verdict
                                + ")");
        }
        assertThat(checked).isGreaterThanOrEqualTo(400);
        assertThat(differ)
                .as("cases where Spider's rule differs from the official script")
                .isEmpty();
    }

    @Test
    void birdsVerdictIsItsEvaluationsOnEveryCase() {
        List<String> differ = new ArrayList<>();
        for (JsonNode c : fixture.get("cases")) {
            String db = c.get("db").asText();
            String predicted = SpiderText.predictionOfLine(c.get("line").asText());
            QueryOutcome gold = executor.execute(db, c.get("gold").asText());
            QueryOutcome pred = executor.execute(db, predicted);
            boolean ours = OfficialRules.bird(gold, pred);
            boolean expected = c.get("bird_ex").asInt() == 1;
            if (ours != expected)
                differ.add(c.get("id").asText() + " (BIRD " + expected + ", ours " + ours + ")");
        }
        assertThat(differ).as("cases where BIRD's rule differs from its evaluation.py").isEmpty();
    }

    @Test
    void theCasesCoverTheHardOnes() {
        List<String> notes = new ArrayList<>();
        fixture.get("cases").forEach(c -> notes.add(c.get("note").asText().toLowerCase()));
        for (String topic :
                List.of("distinct", "order", "null", "tie", "tab", "value", "empty", "permut"))
            assertThat(notes).as(topic).anyMatch(n -> n.contains(topic));
    }
}
