package dev.sqlexam.grading;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spider's TS rule on a folder of test-suite databases built here: the question's database and a
 * second one with other rows. The verdicts were checked with the official spider_official_ex.py on
 * the same two files (a prediction right on the first only is wrong; one right on both is right).
 */
class OfficialTestSuiteTest {

    @TempDir static Path suites;
    private static ReadOnlyExecutor executor;

    @BeforeAll
    static void databases() throws Exception {
        Path folder = suites.resolve("Pets_1");
        Files.createDirectories(folder);
        build(folder.resolve("pets_1.sqlite"), "('Tom', 30), ('Ann', 40), ('Bob', 50)");
        build(folder.resolve("pets_1_1.sqlite"), "('Tom', 30), ('Ann', 38), ('Eve', 35)");
        Files.writeString(folder.resolve("notes.txt"), "not a database");
        executor = ReadOnlyExecutor.forSqliteFiles(5_000, 10_000);
    }

    private static void build(Path file, String rows) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE person (name TEXT, age INT)");
            s.execute("INSERT INTO person VALUES " + rows);
        }
    }

    @AfterAll
    static void close() {
        executor.closeSqlite();
    }

    private static ExamQuestion question(String gold) {
        return SpiderQuestions.onFile(
                "q", "pets_1", gold, suites.resolve("Pets_1/pets_1.sqlite").toString());
    }

    private static boolean ts(String gold, String predicted) {
        return new OfficialRules(executor, null, null)
                .spiderOnTestSuite(question(gold), predicted, suites);
    }

    @Test
    void aPredictionMustMatchItsGoldOnEveryDatabaseOfTheFolder() {
        String gold = "SELECT name FROM person WHERE age > 35";
        // right on pets_1 by luck (no age between 36 and 44 there), wrong on pets_1_1
        assertThat(ts(gold, "SELECT name FROM person WHERE age >= 40")).isFalse();
        assertThat(ts(gold, "SELECT name FROM person WHERE age >= 36")).isTrue();
        assertThat(ts(gold, "SELECT DISTINCT name FROM person WHERE 35 < age")).isTrue();
    }

    @Test
    void noFolderOrNoAnswerIsWrong() {
        assertThat(ts("SELECT 1", null)).isFalse();
        assertThat(
                        new OfficialRules(executor, null, null)
                                .spiderOnTestSuite(
                                        question("SELECT 1"), "SELECT 1", suites.resolve("none")))
                .isFalse();
    }

    @Test
    void listsEverySqliteFileOfTheDatabasesFolderWhateverItsCase() {
        assertThat(TestSuiteFolder.databases(suites, "pets_1"))
                .extracting(p -> p.getFileName().toString())
                .containsExactly("pets_1.sqlite", "pets_1_1.sqlite");
    }
}
