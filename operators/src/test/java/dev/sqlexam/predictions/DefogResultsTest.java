package dev.sqlexam.predictions;

import dev.sqlexam.model.ExamQuestion;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * defog sql-eval's results.csv read as its runners write it: sorted rows, quoted multi-line SQL, a
 * question asked twice.
 */
class DefogResultsTest {

    @TempDir Path tmp;

    private static final List<ExamQuestion> QUESTIONS =
            List.of(
                    q("defog-0000", "academic", "How many authors are there?"),
                    q("defog-0001", "academic", "Which papers cite the most?"),
                    q("defog-0002", "restaurants", "How many authors are there?"),
                    q("defog-0003", "academic", "Which papers cite the most?"));

    private static ExamQuestion q(String id, String db, String question) {
        return new ExamQuestion(
                id, db, question, "SELECT 1", null, null, null, null, null, null, null, 1, null);
    }

    @Test
    void rowsAreMatchedByDatabaseAndQuestionWhateverTheirOrder() throws Exception {
        Path file = tmp.resolve("results.csv");
        Files.writeString(
                file,
                """
                db_name,query_category,question,query,generated_query,reason,correct,exact_match,error_db_exec,latency_seconds
                restaurants,group_by,How many authors are there?,SELECT 1,"SELECT COUNT(*)
                FROM location",,1,1,0,2.5
                academic,order_by,Which papers cite the most?,SELECT 1,"SELECT title FROM paper ORDER BY ""n"" DESC",,0,0,0,1
                academic,order_by,Which papers cite the most?,SELECT 1,SELECT 2,,0,0,0,1
                academic,table_join,  How many   authors are there? ,SELECT 1,,,0,0,1,
                academic,table_join,Who wrote nothing?,SELECT 1,SELECT 3,,0,0,0,0.1
                """);
        PredictionsFile.Loaded loaded = PredictionsFile.read(file, QUESTIONS);
        assertThat(loaded.format()).isEqualTo(PredictionsFile.Format.DEFOG);
        assertThat(loaded.byId()).containsOnlyKeys("defog-0001", "defog-0002", "defog-0003");
        assertThat(loaded.byId().get("defog-0002").sql())
                .as("a quoted field may span lines")
                .isEqualTo("SELECT COUNT(*)\nFROM location");
        assertThat(loaded.byId().get("defog-0002").latencyMs()).isEqualTo(2500L);
        assertThat(loaded.byId().get("defog-0001").sql())
                .as("the first row of a question asked twice, to its first occurrence")
                .isEqualTo("SELECT title FROM paper ORDER BY \"n\" DESC");
        assertThat(loaded.byId().get("defog-0003").sql()).isEqualTo("SELECT 2");
        assertThat(loaded.rejected())
                .singleElement()
                .satisfies(
                        r -> {
                            assertThat(r.lineNumber())
                                    .as("its record, the header being the first")
                                    .isEqualTo(6);
                            assertThat(r.reason())
                                    .contains("no question of the exam set on database 'academic'");
                        });
    }

    @Test
    void aCsvWithoutGeneratedQueryIsNotTakenForOne() {
        assertThat(PredictionsFile.detect("db_name,question,query\nacademic,q,SELECT 1\n"))
                .isEqualTo(PredictionsFile.Format.SPIDER);
        assertThat(PredictionsFile.detect("question,generated_query\nq,SELECT 1\n"))
                .isEqualTo(PredictionsFile.Format.DEFOG);
    }
}
