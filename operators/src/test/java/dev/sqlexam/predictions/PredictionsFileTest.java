package dev.sqlexam.predictions;

import dev.sqlexam.examset.Quarantine;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.RejectedLine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PredictionsFileTest {

    @TempDir Path tmp;

    private static final List<ExamQuestion> QUESTIONS =
            List.of(q("q1", "demo"), q("q2", "demo"), q("q3", "shop"));

    private static ExamQuestion q(String id, String db) {
        return new ExamQuestion(
                id,
                db,
                "question " + id,
                "SELECT 1",
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                1,
                null);
    }

    private PredictionsFile.Loaded read(String name, String content) throws Exception {
        Path file = tmp.resolve(name);
        Files.writeString(file, content);
        return PredictionsFile.read(file, QUESTIONS);
    }

    @Test
    void ourJsonlIsKeyedByIdWithWhatTheSystemReported() throws Exception {
        PredictionsFile.Loaded p =
                read(
                        "mine.jsonl",
                        """
                {"id": "q2", "sql": "SELECT 2", "system": "sys-a", "latency_ms": 120, "prompt_tokens": 300, "completion_tokens": 20, "cost": 0.0012}
                {"id": "q1", "sql": "SELECT 1", "system": "sys-a"}
                """);
        assertThat(p.format()).isEqualTo(PredictionsFile.Format.JSONL);
        assertThat(p.label()).as("one system named by every line").isEqualTo("sys-a");
        assertThat(p.byId()).containsOnlyKeys("q1", "q2");
        Prediction q2 = p.byId().get("q2");
        assertThat(q2.latencyMs()).isEqualTo(120L);
        assertThat(q2.promptTokens()).isEqualTo(300);
        assertThat(q2.cost()).isEqualTo(0.0012);
        assertThat(p.rejected()).isEmpty();
    }

    @Test
    void duplicateUnknownAndBrokenLinesAreRejectedWithTheirLineAndReason() throws Exception {
        PredictionsFile.Loaded p =
                read(
                        "run-7.jsonl",
                        """
                {"id": "q1", "sql": "SELECT 1"}
                {"id": "q1", "sql": "SELECT 11"}
                {"id": "q9", "sql": "SELECT 9"}
                {"id": "q2"}
                not json
                """);
        assertThat(p.label()).as("no system field: the file's name").isEqualTo("run-7");
        assertThat(p.byId()).containsOnlyKeys("q1");
        assertThat(p.byId().get("q1").sql())
                .as("the first of duplicates is graded")
                .isEqualTo("SELECT 1");
        assertThat(p.rejected())
                .extracting(RejectedLine::lineNumber)
                .containsExactly(2L, 3L, 4L, 5L);
        assertThat(p.rejected())
                .extracting(RejectedLine::reason)
                .satisfiesExactly(
                        r ->
                                assertThat(r)
                                        .contains("duplicate prediction for id 'q1'")
                                        .contains("line 1"),
                        r -> assertThat(r).contains("no question with id 'q9'"),
                        r -> assertThat(r).contains("no \"sql\""),
                        r -> assertThat(r).startsWith("not JSON"));
    }

    @Test
    void birdsPredictDevIsAlignedByIndexAndChecksTheDatabase() throws Exception {
        PredictionsFile.Loaded p =
                read(
                        "predict_dev.json",
                        """
                {"0": "SELECT 1\\t----- bird -----\\tdemo", "2": "SELECT 3\\t----- bird -----\\tdemo", "5": "SELECT 6\\t----- bird -----\\tdemo"}
                """);
        assertThat(p.format()).isEqualTo(PredictionsFile.Format.BIRD);
        assertThat(p.byId()).containsOnlyKeys("q1");
        assertThat(p.byId().get("q1").sql()).isEqualTo("SELECT 1");
        assertThat(p.rejected())
                .extracting(RejectedLine::reason)
                .satisfiesExactly(
                        r ->
                                assertThat(r)
                                        .contains("names database 'demo'")
                                        .contains("'q3' is on 'shop'"),
                        r -> assertThat(r).contains("index 5 but the exam set has 3 questions"));
    }

    @Test
    void spidersTextIsAlignedByOrderAndItsLineCountMustMatch() throws Exception {
        PredictionsFile.Loaded p = read("pred.txt", "SELECT 1\n\nSELECT 3\tshop\n");
        assertThat(p.format()).isEqualTo(PredictionsFile.Format.SPIDER);
        assertThat(p.byId()).containsOnlyKeys("q1", "q3");
        assertThat(p.byId().get("q3").sql())
                .as("Spider's gold-style trailing db id is dropped")
                .isEqualTo("SELECT 3");
        assertThatThrownBy(() -> read("short.txt", "SELECT 1\nSELECT 2\n"))
                .hasMessageContaining("have 2 lines but the exam set has 3 questions");
    }

    /**
     * The set: four questions in the source, the second quarantined at import, the exam set
     * holding the other three.
     */
    private static final List<ExamQuestion> IMPORTED =
            List.of(
                    SourcePositionsTest.q("bird-0", 0),
                    SourcePositionsTest.q("bird-2", 2),
                    SourcePositionsTest.q("bird-3", 3));

    private static final List<Quarantine.Entry> QUARANTINED =
            List.of(SourcePositionsTest.quarantined("bird-1", 1));

    private PredictionsFile.Loaded readImported(
            String name, String content, List<Quarantine.Entry> quarantined) throws Exception {
        Path file = tmp.resolve(name);
        Files.writeString(file, content);
        return PredictionsFile.read(file, IMPORTED, quarantined);
    }

    @Test
    void birdIndexesAreSourcePositionsAndAQuarantinedQuestionsPredictionIsSetApart()
            throws Exception {
        PredictionsFile.Loaded p =
                readImported(
                        "predict_dev.json",
                        """
                {"0": "SELECT 0\\t----- bird -----\\tdemo", "1": "SELECT 1\\t----- bird -----\\tdemo",
                 "2": "SELECT 2\\t----- bird -----\\tdemo", "3": "SELECT 3\\t----- bird -----\\tdemo"}
                """,
                        QUARANTINED);
        assertThat(p.byId()).containsOnlyKeys("bird-0", "bird-2", "bird-3");
        assertThat(p.byId().get("bird-2").sql())
                .as("index 2 is bird-2's, not the exam set's third line")
                .isEqualTo("SELECT 2");
        assertThat(p.byId().get("bird-3").sql()).isEqualTo("SELECT 3");
        assertThat(p.rejected()).isEmpty();
        assertThat(p.forQuarantined())
                .singleElement()
                .satisfies(
                        q -> {
                            assertThat(q.questionId()).isEqualTo("bird-1");
                            assertThat(q.sourceIndex()).isEqualTo(1);
                            assertThat(q.line().reason())
                                    .contains(
                                            "'bird-1' (source_index 1), which the import quarantined (error: column")
                                    .endsWith("not graded");
                        });
        assertThat(p.alignment())
                .isEqualTo(
                        "by position in the source: 4 questions (3 in the exam set, 1 quarantined)");
    }

    @Test
    void aSpiderFileOfTheSourcesLengthIsAlignedByTheSourcesOrder() throws Exception {
        PredictionsFile.Loaded p =
                readImported("pred.txt", "SELECT 0\nSELECT 1\nSELECT 2\nSELECT 3\n", QUARANTINED);
        assertThat(p.byId()).containsOnlyKeys("bird-0", "bird-2", "bird-3");
        assertThat(p.byId().get("bird-2").sql()).isEqualTo("SELECT 2");
        assertThat(p.byId().get("bird-2").line()).as("its line in the file").isEqualTo(3);
        assertThat(p.forQuarantined())
                .extracting(PredictionsFile.ForQuarantined::questionId)
                .containsExactly("bird-1");

        assertThatThrownBy(
                        () ->
                                readImported(
                                        "imported-only.txt",
                                        "SELECT 0\nSELECT 2\nSELECT 3\n",
                                        QUARANTINED))
                .as(
                        "a file of the exam set's length would shift every line after the quarantined one")
                .hasMessageContaining(
                        "have 3 lines but the source the exam set was imported from has 4 questions "
                                + "(3 in the exam set, 1 quarantined)");
    }

    @Test
    void withoutItsQuarantineFileAPositionOfNoKnownQuestionIsRejectedNotShifted() throws Exception {
        PredictionsFile.Loaded p =
                readImported(
                        "predict_dev.json",
                        """
                {"0": "SELECT 0", "1": "SELECT 1", "2": "SELECT 2", "7": "SELECT 7"}
                """,
                        List.of());
        assertThat(p.byId()).containsOnlyKeys("bird-0", "bird-2");
        assertThat(p.rejected())
                .extracting(RejectedLine::reason)
                .satisfiesExactly(
                        r ->
                                assertThat(r)
                                        .contains(
                                                "source_index 1 is neither a question of the exam set nor one its import quarantined"),
                        r ->
                                assertThat(r)
                                        .contains(
                                                "index 7 but the source the exam set was imported from has 4 questions"));
    }

    @Test
    void jsonlIsKeyedByIdWhateverThePositions() throws Exception {
        PredictionsFile.Loaded p =
                readImported(
                        "mine.jsonl",
                        "{\"id\": \"bird-1\", \"sql\": \"SELECT 1\"}\n"
                                + "{\"id\": \"bird-2\", \"sql\": \"SELECT 2\"}\n",
                        QUARANTINED);
        assertThat(p.byId()).containsOnlyKeys("bird-2");
        assertThat(p.rejected())
                .extracting(RejectedLine::reason)
                .containsExactly("no question with id 'bird-1' in the exam set");
        assertThat(p.alignment()).isNull();
    }

    @Test
    void aJsonArrayOfOurObjectsReadsAsJsonl() throws Exception {
        PredictionsFile.Loaded p =
                read(
                        "preds.json",
                        "[{\"id\": \"q1\", \"sql\": \"SELECT 1\"}, {\"id\": \"q3\", \"sql\": \"SELECT 3\"}]");
        assertThat(p.format()).isEqualTo(PredictionsFile.Format.JSONL);
        assertThat(p.byId()).containsOnlyKeys("q1", "q3");
    }
}
