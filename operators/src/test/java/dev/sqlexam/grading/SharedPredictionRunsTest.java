package dev.sqlexam.grading;

import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.sql.ReadOnlyExecutor;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The files of a grade hold the same SQL for many questions (a right answer often reads like its
 * gold): under grade's adaptive timeout each distinct SQL of a question runs once for every file,
 * and each file's record is what it would be alone. On a SQLite file the test makes.
 */
class SharedPredictionRunsTest {

    @TempDir Path tmp;
    private Path file;
    private ReadOnlyExecutor executor;
    private QueryCache candidates;
    private QuestionGrading grading;

    @BeforeEach
    void database() throws Exception {
        file = tmp.resolve("club.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT, age INT)");
            s.execute("INSERT INTO member VALUES (1, 'Ada', 36), (2, 'Bo', 20), (3, 'Cy', NULL)");
        }
        executor = ReadOnlyExecutor.forSqliteFiles(5_000, 1_000);
        candidates = new QueryCache(100, 1_000);
        grading =
                new QuestionGrading(
                        executor,
                        new Grader(Tolerance.DEFAULT),
                        new QueryCache(100, 1_000),
                        candidates,
                        false,
                        0,
                        new AdaptiveTimeout(30_000, 3));
    }

    @AfterEach
    void close() {
        executor.closeSqlite();
    }

    private ExamQuestion question(String id, String gold) {
        return SpiderQuestions.onFile(id, "club", gold, file.toString());
    }

    private ExamRecord graded(ExamQuestion q, String variant, String sql) {
        SchemaContextPacket packet =
                new SchemaContextPacket(
                        q.db(), "none", List.of(), List.of(), List.of(), List.of(), List.of());
        return grading.grade(
                        new GeneratedTask(
                                new ExamTask("it", variant, 0, q),
                                "predictions",
                                List.of(new Candidate(0, sql, "predictions", 0)),
                                List.of(),
                                packet,
                                null,
                                null))
                .record();
    }

    @Test
    void theSameSqlOfAQuestionRunsOnceForEveryFile() {
        ExamQuestion q = question("q1", "SELECT name FROM member WHERE age > 30");
        ExamRecord a = graded(q, "a.txt", "SELECT name FROM member WHERE age >= 31");
        ExamRecord b = graded(q, "b.txt", "SELECT name FROM member WHERE age >= 31");
        ExamRecord c = graded(q, "c.txt", "SELECT name FROM member WHERE age > 19");

        assertThat(candidates.misses()).as("two distinct SQL texts").isEqualTo(2);
        assertThat(candidates.hits()).isEqualTo(1);
        assertThat(List.of(a.grade().correct(), b.grade().correct(), c.grade().correct()))
                .containsExactly(true, true, false);
        assertThat(b.grade()).isEqualTo(a.grade());
        assertThat(b.grade().spiderCorrect()).isTrue();
        assertThat(c.grade().spiderCorrect()).isFalse();
    }

    @Test
    void aPredictionThatFailsFailsForEveryFileThatHoldsIt() {
        ExamQuestion q = question("q2", "SELECT count(*) FROM member");
        ExamRecord a = graded(q, "a.txt", "SELECT count(*) FROM members");
        ExamRecord b = graded(q, "b.txt", "SELECT count(*) FROM members");

        assertThat(candidates.hits()).isEqualTo(1);
        assertThat(a.grade().correct()).isFalse();
        assertThat(b.grade()).isEqualTo(a.grade());
        assertThat(b.failure()).isEqualTo(a.failure());
    }
}
