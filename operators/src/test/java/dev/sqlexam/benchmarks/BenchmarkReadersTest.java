package dev.sqlexam.benchmarks;

import dev.sqlexam.json.Json;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchmarkReadersTest {

    @TempDir Path tmp;

    // Spider's parsed sql, as its dev.json holds it. Column ids and table ids do not matter to the
    // rules.
    private static final String NONE = "null";
    private static final String COUNT_STAR =
            "{\"select\": [false, [[3, [0, [0, 0, false], null]]]], \"from\": {\"table_units\": [[\"table_unit\", 1]], \"conds\": []},"
                    + " \"where\": [], \"groupBy\": [], \"having\": [], \"orderBy\": [], \"limit\": null, \"intersect\": null, \"union\": null, \"except\": null}";

    private static String sql(
            String select,
            String tableUnits,
            String where,
            String orderBy,
            String limit,
            String nestedWhereValue) {
        return "{\"select\": [false, "
                + select
                + "], \"from\": {\"table_units\": "
                + tableUnits
                + ", \"conds\": []}, \"where\": "
                + where
                + ", \"groupBy\": [], \"having\": [], \"orderBy\": "
                + orderBy
                + ", \"limit\": "
                + limit
                + ", \"intersect\": null, \"union\": null, \"except\": null}";
    }

    @Test
    void spiderHardnessFollowsItsEvaluationScript() throws Exception {
        // SELECT count(*) FROM singer  → easy
        assertThat(SpiderHardness.of(Json.MAPPER.readTree(COUNT_STAR))).isEqualTo("easy");
        // SELECT name, country, age FROM singer ORDER BY age DESC  → medium: one component, several
        // select columns
        String threeColumns =
                "[[0, [0, [0, 1, false], null]], [0, [0, [0, 2, false], null]], [0, [0, [0, 3, false], null]]]";
        assertThat(
                        SpiderHardness.of(
                                Json.MAPPER.readTree(
                                        sql(
                                                threeColumns,
                                                "[[\"table_unit\", 1]]",
                                                "[]",
                                                "[\"desc\", [[0, [0, 3, false], null]]]",
                                                NONE,
                                                null))))
                .isEqualTo("medium");
        // SELECT avg(age), min(age), max(age) FROM singer WHERE country = 'France'  → medium:
        // several aggregates and columns
        String threeAggs =
                "[[5, [0, [0, 3, false], null]], [2, [0, [0, 3, false], null]], [1, [0, [0, 3, false], null]]]";
        assertThat(
                        SpiderHardness.of(
                                Json.MAPPER.readTree(
                                        sql(
                                                threeAggs,
                                                "[[\"table_unit\", 1]]",
                                                "[[false, 2, [0, [0, 2, false], null], \"\\\"France\\\"\", null]]",
                                                "[]",
                                                NONE,
                                                null))))
                .isEqualTo("medium");
        // SELECT song_name FROM singer WHERE age > (SELECT avg(age) FROM singer)  → hard: a nested
        // query
        String nested = "[[false, 3, [0, [0, 3, false], null], " + COUNT_STAR + ", null]]";
        assertThat(
                        SpiderHardness.of(
                                Json.MAPPER.readTree(
                                        sql(
                                                "[[0, [0, [0, 4, false], null]]]",
                                                "[[\"table_unit\", 1]]",
                                                nested,
                                                "[]",
                                                NONE,
                                                null))))
                .isEqualTo("hard");
        // two joins, ORDER BY and LIMIT with two select columns: four components → extra
        String twoColumns = "[[0, [0, [0, 1, false], null]], [0, [0, [0, 2, false], null]]]";
        assertThat(
                        SpiderHardness.of(
                                Json.MAPPER.readTree(
                                        sql(
                                                twoColumns,
                                                "[[\"table_unit\", 1], [\"table_unit\", 2], [\"table_unit\", 3]]",
                                                "[]",
                                                "[\"asc\", [[0, [0, 3, false], null]]]",
                                                "1",
                                                null))))
                .isEqualTo("extra");
    }

    @Test
    void theOfficialGoldFileReplacesTheGoldsAndMustBeOfTheSameSplit() throws Exception {
        Path dev = tmp.resolve("dev.json");
        Files.writeString(
                dev,
                "[{\"db_id\": \"concert_singer\", \"question\": \"How many singers?\", \"query\": \"SELECT count(*) FROM singer\"},"
                        + " {\"db_id\": \"pets_1\", \"question\": \"How many pets?\", \"query\": \"SELECT count(*) FROM pets\"}]");
        Path gold = tmp.resolve("dev_gold.sql");
        Files.writeString(
                gold,
                "SELECT count(*) FROM `Singer`\tconcert_singer\nSELECT count(*) FROM pets WHERE 1 = 1\tpets_1\n\n");
        List<ImportedQuestion> golds =
                BenchmarkReaders.withGolds(BenchmarkReaders.spider(dev), gold);
        assertThat(golds)
                .extracting(ImportedQuestion::sqliteGold)
                .containsExactly(
                        "SELECT count(*) FROM `Singer`", "SELECT count(*) FROM pets WHERE 1 = 1");
        assertThat(golds.get(0).goldSql())
                .as("converted as dev.json's golds are")
                .contains("singer")
                .doesNotContain("`");
        assertThat(golds)
                .extracting(ImportedQuestion::question)
                .containsExactly("How many singers?", "How many pets?");

        Files.writeString(gold, "SELECT 1\tpets_1\nSELECT 2\tconcert_singer\n");
        assertThatThrownBy(() -> BenchmarkReaders.withGolds(BenchmarkReaders.spider(dev), gold))
                .hasMessageContaining("not aligned");
        Files.writeString(gold, "SELECT 1\tconcert_singer\n");
        assertThatThrownBy(() -> BenchmarkReaders.withGolds(BenchmarkReaders.spider(dev), gold))
                .hasMessageContaining("same split");
    }

    @Test
    void defogNotationExpandsToEverySubsetAndEveryAnswer() {
        assertThat(DefogQueries.expand("SELECT {u.id, u.name} FROM users u"))
                .containsExactly(
                        "SELECT u.id FROM users u",
                        "SELECT u.name FROM users u",
                        "SELECT u.id, u.name FROM users u");
        assertThat(
                        DefogQueries.expand(
                                "SELECT {a, b, c}, COUNT(*) FROM t GROUP BY {};SELECT x FROM t2;"))
                .containsExactly(
                        "SELECT a, COUNT(*) FROM t GROUP BY a",
                        "SELECT b, COUNT(*) FROM t GROUP BY b",
                        "SELECT c, COUNT(*) FROM t GROUP BY c",
                        "SELECT a, b, COUNT(*) FROM t GROUP BY a, b",
                        "SELECT a, c, COUNT(*) FROM t GROUP BY a, c",
                        "SELECT b, c, COUNT(*) FROM t GROUP BY b, c",
                        "SELECT a, b, c, COUNT(*) FROM t GROUP BY a, b, c",
                        "SELECT x FROM t2");
        assertThat(DefogQueries.expand("SELECT 1")).containsExactly("SELECT 1");
    }

    @Test
    void spiderBirdAndDefogBecomeExamLines() throws Exception {
        Path spider = tmp.resolve("dev.json");
        Files.writeString(
                spider,
                "[{\"db_id\": \"concert_singer\", \"question\": \"How many singers do we have?\", "
                        + "\"query\": \"SELECT count(*) FROM singer\", \"sql\": "
                        + COUNT_STAR
                        + "},"
                        + " {\"db_id\": \"concert_singer\", \"question\": \"French singers?\", \"query\": \"SELECT name FROM singer WHERE country = \\\"France\\\"\"}]");
        List<ImportedQuestion> s = BenchmarkReaders.spider(spider);
        assertThat(s)
                .extracting(ImportedQuestion::id)
                .containsExactly("spider-0000", "spider-0001");
        assertThat(s.get(0).labels().difficulty()).isEqualTo("easy");
        assertThat(s.get(1).labels().difficulty()).as("no parsed sql: no label").isNull();
        assertThat(s.get(1).goldSql())
                .isEqualTo("SELECT name FROM singer WHERE country = 'France'");
        assertThat(s)
                .extracting(ImportedQuestion::sourceIndex)
                .as("each question's position in dev.json")
                .containsExactly(0, 1);
        assertThat(s.get(1).toExamLine()).containsEntry("source_index", 1);

        Path bird = tmp.resolve("bird.json");
        Files.writeString(
                bird,
                "[{\"question_id\": 7, \"db_id\": \"california_schools\", \"question\": \"Highest free rate?\", "
                        + "\"evidence\": \"free rate = Free Meal Count (K-12) / Enrollment (K-12)\", "
                        + "\"SQL\": \"SELECT `Free Meal Count (K-12)` / `Enrollment (K-12)` FROM frpm ORDER BY 1 DESC LIMIT 1\", \"difficulty\": \"simple\"}]");
        ImportedQuestion b = BenchmarkReaders.bird(bird).get(0);
        assertThat(b.id()).isEqualTo("bird-7");
        assertThat(b.labels().evidence()).startsWith("free rate");
        assertThat(b.labels().difficulty()).isEqualTo("simple");
        assertThat(b.goldSql())
                .isEqualTo(
                        "SELECT \"free meal count (k-12)\" / \"enrollment (k-12)\" FROM frpm ORDER BY 1 DESC NULLS LAST LIMIT 1");

        Path defog = tmp.resolve("questions.csv");
        Files.writeString(
                defog,
                "db_name,query_category,question,query,instructions\n"
                        + "academic,group_by,\"How many papers, per year?\",\"SELECT {p.year, p.title}, COUNT(*) FROM publication p GROUP BY {};SELECT 1\",\n");
        ImportedQuestion d = BenchmarkReaders.defog(defog).get(0);
        assertThat(d.question()).isEqualTo("How many papers, per year?");
        assertThat(d.goldSql())
                .isEqualTo("SELECT p.year, COUNT(*) FROM publication p GROUP BY p.year");
        assertThat(d.alternatives()).hasSize(3).last().isEqualTo("SELECT 1");
        assertThat(d.labels().category()).isEqualTo("group_by");
        assertThat(d.toExamLine())
                .containsKeys(
                        "id", "db", "question", "gold_sql", "gold_sql_alternatives", "category")
                .doesNotContainKey("evidence");
    }

    @Test
    void sqliteGoldsKeepTheirMeaningOnPostgres() {
        Set<String> names = Set.of("singer", "name", "country", "song name");
        assertThat(
                        SqliteGolds.forPostgres(
                                "SELECT \"Song Name\" FROM singer WHERE name LIKE \"%jo%\" AND country != \"O'Hara\" "
                                        + "AND note = 'say \"hi\"'",
                                names))
                .isEqualTo(
                        "SELECT \"song name\" FROM singer WHERE name ILIKE '%jo%' AND country != 'O''Hara' AND note = 'say \"hi\"'");
    }
}
