package dev.sqlexam.llm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class SqlExtractionTest {

    @Test
    void prefersTheSqlFenceAndIgnoresProse() {
        String reply =
                """
                Sure! Here is the query you asked for:

                ```sql
                SELECT count(*)
                FROM employees;
                ```

                It counts every employee. ```text SELECT 1 ```""";
        assertThat(SqlExtraction.extract(reply).sql()).isEqualTo("SELECT count(*)\nFROM employees");
    }

    @Test
    void dropsThinkSectionsAndKeepsTheFirstQuery() {
        String reply =
                "<think>Maybe SELECT * FROM wrong? No.</think>\nDELETE FROM x; SELECT a FROM t WHERE b = ';'; SELECT 2";
        assertThat(SqlExtraction.extract(reply).sql()).isEqualTo("SELECT a FROM t WHERE b = ';'");
    }

    @Test
    void aRefusalIsNeverExtractedAsSql() {
        SqlExtraction.Extracted e = SqlExtraction.extract("I cannot help with that.");
        assertThat(e.ok()).as("'with that.' is prose, not a CTE").isFalse();
        assertThat(e.problem()).startsWith("the model declined: I cannot help with that.");
        assertThat(
                        SqlExtraction.extract(
                                        "Sorry, I can't write queries that select personal data.")
                                .ok())
                .isFalse();
        assertThat(SqlExtraction.extract("With pleasure! Here it is.").ok()).isFalse();
    }

    @Test
    void queriesAfterALabelOrInAFenceAreStillFound() {
        assertThat(SqlExtraction.extract("SQL: SELECT count(*) FROM orders").sql())
                .isEqualTo("SELECT count(*) FROM orders");
        assertThat(
                        SqlExtraction.extract(
                                        "Here it is:\n```\nwith t as (select 1 as x) select x from t\n```")
                                .sql())
                .isEqualTo("with t as (select 1 as x) select x from t");
        assertThat(SqlExtraction.extract("SELECT 1").sql()).isEqualTo("SELECT 1");
        assertThat(SqlExtraction.extract("WITH RECURSIVE r(n) AS (SELECT 1) SELECT n FROM r").sql())
                .isEqualTo("WITH RECURSIVE r(n) AS (SELECT 1) SELECT n FROM r");
    }

    @Test
    void unfencedQueriesLoseTheirTrailingProse() {
        assertThat(
                        SqlExtraction.extract(
                                        "SELECT name FROM t ORDER BY name\n\nThis lists the names.")
                                .sql())
                .isEqualTo("SELECT name FROM t ORDER BY name");
        assertThat(SqlExtraction.extract("WITH x AS (SELECT 1) SELECT * FROM x;;").sql())
                .isEqualTo("WITH x AS (SELECT 1) SELECT * FROM x");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "'' | empty reply",
                "'I cannot answer that.' | the model declined",
                "'Please select the right table from the list' | no SELECT",
                "'<think>SELECT 1 FROM t</think>' | only a <think> section"
            })
    void repliesWithoutAQueryAreReported(String reply, String problem) {
        SqlExtraction.Extracted e = SqlExtraction.extract(reply);
        assertThat(e.ok()).isFalse();
        assertThat(e.problem()).contains(problem);
    }

    @Test
    void normalisationDedupesWhitespaceAndCaseButNotLiterals() {
        assertThat(SqlExtraction.normalize("SELECT  Name\n FROM T WHERE x = 'Ab  C';"))
                .isEqualTo(SqlExtraction.normalize("select name from t where x = 'Ab  C'"));
        assertThat(SqlExtraction.normalize("SELECT 1 WHERE x = 'A'"))
                .isNotEqualTo(SqlExtraction.normalize("SELECT 1 WHERE x = 'a'"));
    }

    @Test
    void difficultyPicksKFromWordingAndTableCount() {
        assertThat(DifficultyClassifier.classify("How many employees are there?", 3))
                .isEqualTo(DifficultyClassifier.Difficulty.EASY);
        assertThat(DifficultyClassifier.classify("Total sales by customer for 2024", 5))
                .isEqualTo(DifficultyClassifier.Difficulty.MEDIUM);
        assertThat(
                        DifficultyClassifier.classify(
                                "What was the month-over-month growth of sales?", 3))
                .isEqualTo(DifficultyClassifier.Difficulty.HARD);
        assertThat(DifficultyClassifier.classify("List orders", 11))
                .isEqualTo(DifficultyClassifier.Difficulty.HARD);
        assertThat(DifficultyClassifier.k(DifficultyClassifier.Difficulty.EASY, 2, 4, 6))
                .isEqualTo(2);
        assertThat(DifficultyClassifier.k(DifficultyClassifier.Difficulty.HARD, 2, 4, 6))
                .isEqualTo(6);
    }

    @org.junit.jupiter.api.Test
    void aReplyWithOnlyAWriteStatementIsKeptSoTheValidatorBlocksIt() {
        assertThat(SqlExtraction.extract("DROP TABLE employees; -- as you asked").sql())
                .isEqualTo("DROP TABLE employees");
        assertThat(SqlExtraction.extract("```sql\nDELETE FROM orders\n```").sql())
                .isEqualTo("DELETE FROM orders");
        assertThat(SqlExtraction.extract("Sure. DROP TABLE employees").ok())
                .as("prose first: no statement")
                .isFalse();
    }
}
