package dev.sqlexam.examset;

import dev.sqlexam.model.ExamQuestion;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ExamLineParserTest {

    private final ExamLineParser parser = new ExamLineParser("set.jsonl", Set.of("demo", "erp"));

    @Test
    void readsEveryFieldAndKeepsUnknownOnes() {
        ExamQuestion q =
                parser.parse(
                                7,
                                """
                {"id":"q1","db":"demo","question":"How many?","gold_sql":"SELECT 1",
                 "gold_sql_alternatives":["SELECT 1.0"],"gold_tables":["t"],"difficulty":"easy","module":"HR",
                 "category":"count","instructions":"use t","order_matters":false,"source":"spider","tags":[1,2]}
                """
                                        .replace("\n", ""))
                        .question();
        assertThat(q.id()).isEqualTo("q1");
        assertThat(q.lineNumber()).isEqualTo(7);
        assertThat(q.allGoldSql()).containsExactly("SELECT 1", "SELECT 1.0");
        assertThat(q.goldTables()).containsExactly("t");
        assertThat(q.evidence()).isEqualTo("use t");
        assertThat(q.orderMatters()).isFalse();
        assertThat(q.extrasJson()).isEqualTo("{\"source\":\"spider\",\"tags\":[1,2]}");
        assertThat(q.sourceIndex()).as("no position in a source: a hand-written line").isNull();
    }

    @Test
    void sourceIndexIsTheQuestionsPositionInItsBenchmarkFile() {
        ExamQuestion q =
                parser.parse(
                                1,
                                "{\"db\":\"demo\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\",\"source_index\":41}")
                        .question();
        assertThat(q.sourceIndex()).isEqualTo(41);
        assertThat(q.extrasJson()).as("a known field, not an extra").isNull();
        assertThat(q.withGoldTables(java.util.List.of("t")).sourceIndex()).isEqualTo(41);
    }

    @Test
    void missingIdFallsBackToTheLineNumber() {
        assertThat(
                        parser.parse(
                                        12,
                                        "{\"db\":\"demo\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\"}")
                                .question()
                                .id())
                .isEqualTo("line-12");
    }

    @Test
    void blankLinesAreSkippedNotRejected() {
        ExamLineParser.Parsed parsed = parser.parse(3, "   ");
        assertThat(parsed.question()).isNull();
        assertThat(parsed.rejected()).isNull();
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{not json | invalid JSON",
                "[1,2] | not a JSON object",
                "{\"db\":\"demo\",\"gold_sql\":\"SELECT 1\"} | missing field 'question'",
                "{\"db\":\"demo\",\"question\":\"q\"} | missing field 'gold_sql'",
                "{\"question\":\"q\",\"gold_sql\":\"SELECT 1\"} | missing field 'db'",
                "{\"db\":\"demo\",\"question\":\"  \",\"gold_sql\":\"SELECT 1\"} | field 'question' is empty",
                "{\"db\":\"nowhere\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\"} | unknown database 'nowhere'",
                "{\"db\":\"de;mo\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\"} | invalid database name",
                "{\"db\":\"demo\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\",\"order_matters\":\"yes\"} | order_matters must be true or false",
                "{\"db\":\"demo\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\",\"gold_sql_alternatives\":\"SELECT 2\"} | must be a list of strings",
                "{\"db\":\"demo\",\"question\":42,\"gold_sql\":\"SELECT 1\"} | field 'question' must be a string",
                "{\"db\":\"demo\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\",\"source_index\":-1} | 'source_index' must not be negative",
                "{\"db\":\"demo\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\",\"source_index\":\"3\"} | 'source_index' must be a whole number",
            })
    void rejectsWithLineNumberAndReason(String line, String reason) {
        ExamLineParser.Parsed parsed = parser.parse(5, line);
        assertThat(parsed.question()).isNull();
        assertThat(parsed.rejected().lineNumber()).isEqualTo(5);
        assertThat(parsed.rejected().reason()).contains(reason);
        assertThat(parsed.rejected().source()).isEqualTo("set.jsonl");
    }

    @Test
    void anyDatabaseIsAcceptedWhenTheUrlNamesOne() {
        ExamLineParser single = new ExamLineParser("s", null);
        assertThat(
                        single.parse(
                                        1,
                                        "{\"db\":\"whatever\",\"question\":\"q\",\"gold_sql\":\"SELECT 1\"}")
                                .question())
                .isNotNull();
    }
}
