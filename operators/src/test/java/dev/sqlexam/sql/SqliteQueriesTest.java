package dev.sqlexam.sql;

import dev.sqlexam.model.ErrorClass;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** SQL on a SQLite file: as Python's sqlite3 runs it, and no further than read-only allows. */
class SqliteQueriesTest {

    @TempDir Path tmp;
    private Path file;
    private final SqliteQueries queries = new SqliteQueries();

    @BeforeEach
    void database() throws Exception {
        file = tmp.resolve("shop.sqlite");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            s.execute(
                    "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL, code INT)");
            s.execute(
                    "INSERT INTO item VALUES (1, 'pen', 2.0, 7), (2, 'ink', 2.5, '7'), (3, NULL, 3, x'6162')");
            try (PreparedStatement p = c.prepareStatement("INSERT INTO item VALUES (4, ?, 1, 1)")) {
                // the bytes of 'é' cut in half: text SQLite holds but UTF-8 cannot decode
                p.setBytes(1, new byte[] {'a', (byte) 0xC3, 'b'});
                p.execute();
            }
            s.execute("UPDATE item SET name = CAST(name AS TEXT) WHERE id = 4");
        }
    }

    @AfterEach
    void close() {
        queries.close();
    }

    private QueryOutcome run(String sql) {
        return queries.execute(file, sql, 2_000, 100);
    }

    @Test
    void eachValueKeepsTheTypeSqliteStoredItAs() {
        QueryOutcome o = run("SELECT id, price, code FROM item ORDER BY id");
        assertThat(o.ok()).as(o.error()).isTrue();
        List<List<Object>> rows = o.result().rows();
        assertThat(rows.get(0)).containsExactly(BigDecimal.ONE, 2.0, BigDecimal.valueOf(7));
        // '7' stored as text in an INT column is converted by the column's affinity; a blob is not
        assertThat(rows.get(1).get(2)).isEqualTo(BigDecimal.valueOf(7));
        assertThat(rows.get(2).get(1)).isEqualTo(3.0);
        assertThat(rows.get(2).get(2)).isEqualTo(new SqliteQueries.Blob("6162"));
    }

    @Test
    void textThatIsNotUtf8LosesTheUndecodableBytesAsPythonsEvaluatorsDecodeIt() {
        QueryOutcome o = run("SELECT name FROM item WHERE id = 4");
        assertThat(o.result().rows().get(0).get(0)).isEqualTo("ab");
        assertThat(o.result().undecodableText()).as("said, for BIRD's reader fails on it").isTrue();
        assertThat(run("SELECT name FROM item WHERE id = 1").result().undecodableText()).isFalse();
    }

    @Test
    void textHoldingTheReplacementCharacterItselfIsKeptWhole() {
        QueryOutcome o = run("SELECT 'a\uFFFDb', 'é' || x'C3'");
        assertThat(o.ok()).as(o.error()).isTrue();
        assertThat(o.result().rows().get(0).get(0)).isEqualTo("a\uFFFDb");
        assertThat(o.result().rows().get(0).get(1)).as("the cut byte dropped").isEqualTo("é");
        assertThat(o.result().undecodableText()).isTrue();
        assertThat(run("SELECT 'a\uFFFDb'").result().undecodableText()).isFalse();
    }

    @Test
    void aWriteIsRefusedAndTheFileIsUnchanged() throws Exception {
        byte[] before = Files.readAllBytes(file);
        for (String write :
                List.of(
                        "DELETE FROM item",
                        "INSERT INTO item VALUES (9, 'x', 1, 1)",
                        "CREATE TABLE t (a)",
                        "DROP TABLE item",
                        "CREATE TEMP TABLE t (a)",
                        "ATTACH DATABASE '" + tmp.resolve("other.sqlite") + "' AS other",
                        "PRAGMA query_only = 0")) {
            QueryOutcome o = run(write);
            if (write.startsWith("PRAGMA")) {
                // the pragma may run; what follows must still be refused
                assertThat(run("DELETE FROM item").ok()).isFalse();
                continue;
            }
            assertThat(o.ok()).as(write).isFalse();
        }
        assertThat(run("SELECT count(*) FROM item").result().rows().get(0).get(0))
                .isEqualTo(BigDecimal.valueOf(4));
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        assertThat(tmp.resolve("other.sqlite")).as("no file created by ATTACH").doesNotExist();
    }

    @Test
    void aRunawayQueryIsInterruptedWithinItsLimit() {
        long start = System.nanoTime();
        QueryOutcome o =
                queries.execute(
                        file,
                        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)"
                                + " SELECT count(*) FROM n",
                        300,
                        100);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(o.ok()).isFalse();
        assertThat(o.errorClass()).isEqualTo(ErrorClass.QUERY_TIMEOUT);
        assertThat(o.sqlstate()).isEqualTo("57014");
        assertThat(ms).as("interrupted inside SQLite, not after it").isLessThan(5_000);
        // the connection is usable afterwards
        assertThat(run("SELECT 1").ok()).isTrue();
    }

    @Test
    void theRowCapCutsTheResultAndSaysSo() {
        QueryOutcome o =
                queries.execute(
                        file,
                        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 50)"
                                + " SELECT i FROM n",
                        2_000,
                        10);
        assertThat(o.result().rowCount()).isEqualTo(10);
        assertThat(o.result().truncated()).isTrue();
    }

    @Test
    void runsOneStatementAsPythonsSqlite3Does() {
        assertThat(run("SELECT 1;").ok()).isTrue();
        assertThat(run("SELECT 1; -- done").ok()).isTrue();
        assertThat(run(";SELECT 1").result().rows()).hasSize(1);
        assertThat(run("SELECT 1 /* open").ok()).isTrue();
        QueryOutcome two = run("SELECT 1; SELECT 2");
        assertThat(two.ok()).isFalse();
        assertThat(two.error()).contains("one statement at a time");
        assertThat(run("SELECT 1;;").ok()).isFalse();
        // no statement at all: nothing runs, no rows
        assertThat(run("").result().rows()).isEmpty();
        assertThat(run("  -- only a comment").result().rows()).isEmpty();
    }

    @Test
    void errorsAreClassedAsThePostgresPathClassesThem() {
        assertThat(run("SELECT nope FROM item").sqlstate()).isEqualTo("42703");
        assertThat(run("SELECT * FROM nope").sqlstate()).isEqualTo("42P01");
        assertThat(run("SELEC 1").errorClass()).isEqualTo(ErrorClass.SQL_ERROR);
    }

    @Test
    void aMissingFileIsTheInfrastructuresFailure() {
        QueryOutcome o = queries.execute(tmp.resolve("gone.sqlite"), "SELECT 1", 1_000, 10);
        assertThat(o.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
        assertThat(o.error()).startsWith("missing_database");
        assertThat(Files.exists(tmp.resolve("gone.sqlite"))).as("never created").isFalse();
    }

    @Test
    void aFileThatVanishesMidRunFailsItsLaterQuestionsAsTheInfrastructures() throws Exception {
        assertThat(run("SELECT count(*) FROM item").result().rows())
                .containsExactly(List.of(BigDecimal.valueOf(4)));
        Files.delete(file);
        // a connection already open keeps reading the file it opened
        assertThat(run("SELECT count(*) FROM item").result().rows())
                .containsExactly(List.of(BigDecimal.valueOf(4)));
        queries.close();
        QueryOutcome o = run("SELECT count(*) FROM item");
        assertThat(o.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
        assertThat(o.error()).startsWith("missing_database");
        assertThat(Files.exists(file)).as("never created again").isFalse();
    }

    @Test
    void namesTheTablesAQueryReads() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE sale (item_id INT REFERENCES item(id), qty INT)");
        }
        assertThat(
                        queries.tablesRead(
                                file,
                                "SELECT name FROM item JOIN sale ON sale.item_id = item.id"
                                        + " WHERE qty > 1"))
                .containsExactlyInAnyOrder("item", "sale");
        assertThat(queries.tablesRead(file, "SELECT 1")).isEmpty();
        assertThat(queries.tablesRead(file, "SELECT nope FROM item")).isEmpty();
    }

    @Test
    void manyQueriesAtOnceOnOneFile() throws Exception {
        var pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            List<java.util.concurrent.Future<QueryOutcome>> results = new java.util.ArrayList<>();
            for (int n = 0; n < 200; n++)
                results.add(pool.submit(() -> run("SELECT count(*) FROM item")));
            for (var r : results)
                assertThat(r.get().result().rows().get(0).get(0)).isEqualTo(BigDecimal.valueOf(4));
        } finally {
            pool.shutdownNow();
        }
    }
}
