package dev.sqlexam.jobs;

import dev.sqlexam.benchmarks.BenchmarkReaders;
import dev.sqlexam.config.Settings;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.importer.DatabaseLoader;
import dev.sqlexam.jobs.importer.ImportRun;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Benchmark imports against the real server: a SQLite file through pgloader, a plain SQL dump
 * through psql, the gold check.
 */
class ImportITCase {

    @TempDir Path tmp;

    private static Settings settings() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        return Settings.resolve(Map.of(), env, Map.of());
    }

    @Test
    void aSpiderStyleSqliteDatabaseIsLoadedWithPgloaderAndItsGoldsChecked() throws Exception {
        Path dbDir = tmp.resolve("database/it_concert_singer");
        Files.createDirectories(dbDir);
        try (Connection c =
                        DriverManager.getConnection(
                                "jdbc:sqlite:" + dbDir.resolve("it_concert_singer.sqlite"));
                Statement s = c.createStatement()) {
            s.executeUpdate(
                    "CREATE TABLE singer (Singer_ID int PRIMARY KEY, Name text, Country text, Age int)");
            s.executeUpdate(
                    "CREATE TABLE concert (concert_ID int PRIMARY KEY, Singer_ID int REFERENCES singer(Singer_ID), Year text)");
            s.executeUpdate(
                    "INSERT INTO singer VALUES (1, 'Joe', 'France', 30), (2, 'Ann', 'Netherlands', 40), (3, 'Tim', 'France', 50)");
            s.executeUpdate(
                    "INSERT INTO concert VALUES (1, 1, '2014'), (2, 1, '2015'), (3, 2, '2014')");
        }
        Path dev = tmp.resolve("dev.json");
        Files.writeString(
                dev,
                """
                [{"db_id": "it_concert_singer", "question": "How many singers?", "query": "SELECT count(*) FROM singer"},
                 {"db_id": "it_concert_singer", "question": "French singers?", "query": "SELECT Name FROM singer WHERE Country = \\"France\\""},
                 {"db_id": "it_concert_singer", "question": "Concerts per singer", "query": "SELECT T2.Name, count(*) FROM concert AS T1 JOIN singer AS T2 ON T1.Singer_ID = T2.Singer_ID GROUP BY T2.Name"},
                 {"db_id": "it_concert_singer", "question": "Singers from Mars?", "query": "SELECT Name FROM singer WHERE Country = 'Mars'"},
                 {"db_id": "it_concert_singer", "question": "Oldest singer", "query": "SELECT Name FROM singer ORDER BY Country LIMIT 1"},
                 {"db_id": "it_no_such_db", "question": "Anything?", "query": "SELECT 1"},
                 {"db_id": "it_concert_singer", "question": "Singers named like jo?", "query": "SELECT \\"Name\\" FROM singer WHERE Name LIKE \\"%jo%\\""}]
                """);
        Path out = tmp.resolve("sets/spider.jsonl");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        ImportRun.Result r =
                new ImportRun(settings(), new PrintStream(console, true, StandardCharsets.UTF_8))
                        .run(BenchmarkReaders.spider(dev), tmp.resolve("database"), out, true);

        assertThat(r.databases())
                .singleElement()
                .satisfies(
                        d -> {
                            assertThat(d.status()).isEqualTo("loaded (sqlite)");
                            assertThat(d.tables()).isEqualTo(2);
                            assertThat(d.columns()).isEqualTo(7);
                            assertThat(d.rows()).isEqualTo(6);
                            assertThat(d.foreignKeys()).isEqualTo(1);
                        });
        List<JsonNode> all = lines(out);
        assertThat(all)
                .as("every question is written, golds with problems too")
                .extracting(n -> n.get("id").asText())
                .containsExactly(
                        "spider-0000",
                        "spider-0001",
                        "spider-0002",
                        "spider-0003",
                        "spider-0004",
                        "spider-0005",
                        "spider-0006");
        assertThat(all.get(6).get("gold_sql").asText())
                .as("SQLite: a quoted name in any case, a quoted string, LIKE ignoring case")
                .isEqualTo("SELECT name FROM singer WHERE Name ILIKE '%jo%'");
        assertThat(all.get(2).get("gold_tables").toString()).isEqualTo("[\"concert\",\"singer\"]");
        assertThat(all.get(0).has("gold_health")).isFalse();
        assertThat(all.get(3).get("gold_health").get(0).asText()).startsWith("empty");
        assertThat(all.get(4).get("gold_health").get(0).asText()).startsWith("limit_tie");
        assertThat(all.get(5).get("gold_health").get(0).asText()).startsWith("missing_database");
        assertThat(r.imported()).isEqualTo(7);
        assertThat(r.withFindings()).isEqualTo(3);
        assertThat(r.goldHealth())
                .containsEntry("empty", 1)
                .containsEntry("limit_tie", 1)
                .containsEntry("missing_database", 1);
        assertThat(console.toString(StandardCharsets.UTF_8))
                .contains("imported 7 of 7 questions")
                .contains("gold health: 4 of 7 golds without problems");
    }

    @Test
    void aPlainSqlDumpIsLoadedWithPsqlAndAnExistingDatabaseIsReusedWhenItHoldsTheSame()
            throws Exception {
        Path dump = tmp.resolve("it_defog_shop.sql");
        Files.writeString(
                dump,
                """
                CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL);
                CREATE TABLE orders (id int PRIMARY KEY, customer_id int REFERENCES customers(id), total numeric);
                INSERT INTO customers VALUES (1, 'a'), (2, 'b');
                INSERT INTO orders VALUES (1, 1, 10.5), (2, 1, 3), (3, 2, 7);
                """);
        DatabaseLoader loader =
                new DatabaseLoader(
                        new dev.sqlexam.database.JdbcUrlTemplate(
                                settings().get(dev.sqlexam.config.SqlExamOptions.JDBC_URL)),
                        true,
                        5);
        DatabaseLoader.Report loaded = loader.load("it_defog_shop", dump);
        assertThat(loaded.status()).isEqualTo("loaded (sql)");
        assertThat(loaded.rows()).isEqualTo(5);
        assertThat(loaded.primaryKeys()).isEqualTo(2);
        assertThat(loaded.foreignKeys()).isEqualTo(1);
        DatabaseLoader keep =
                new DatabaseLoader(
                        new dev.sqlexam.database.JdbcUrlTemplate(
                                settings().get(dev.sqlexam.config.SqlExamOptions.JDBC_URL)),
                        false,
                        5);
        assertThat(keep.load("it_defog_shop", dump).status())
                .as("an existing database that holds what the dump would load is reused")
                .isEqualTo(DatabaseLoader.REUSED);

        Path custom = tmp.resolve("it_defog_shop.dump");
        String pgDump =
                Files.isExecutable(Path.of("/usr/lib/postgresql/15/bin/pg_dump"))
                        ? "/usr/lib/postgresql/15/bin/pg_dump"
                        : "pg_dump";
        var url =
                new dev.sqlexam.database.JdbcUrlTemplate(
                        settings().get(dev.sqlexam.config.SqlExamOptions.JDBC_URL));
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("jdbc:postgresql://([^/:?]+)(?::(\\d+))?/")
                        .matcher(url.template());
        assertThat(m.find()).isTrue();
        Process p =
                new ProcessBuilder(
                                pgDump,
                                "-Fc",
                                "-h",
                                m.group(1),
                                "-p",
                                m.group(2) == null ? "5432" : m.group(2),
                                "-U",
                                url.user(),
                                "-f",
                                custom.toString(),
                                "it_defog_shop")
                        .redirectErrorStream(true)
                        .start();
        assertThat(p.waitFor())
                .as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                .isZero();
        DatabaseLoader.Report restored = loader.load("it_defog_custom", custom);
        assertThat(restored.status()).isEqualTo("loaded (custom)");
        assertThat(restored.rows()).isEqualTo(5);
        assertThat(restored.foreignKeys()).isEqualTo(1);
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        return Files.readAllLines(file).stream()
                .filter(l -> !l.isBlank())
                .map(
                        l -> {
                            try {
                                return Json.MAPPER.readTree(l);
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        })
                .toList();
    }
}
