package dev.sqlexam.jobs;

import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.cli.ExitCode;
import dev.sqlexam.jobs.importer.DatabaseLoader;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An import never grades silently on a database of the same name it finds on the server: without
 * --replace it reuses one that holds what its file would load (same schema and row counts), and
 * says so; one that holds anything else stops the import (exit code 1) before anything is loaded,
 * naming --replace; --replace drops and reloads it.
 */
class ImportExistingDatabaseITCase {

    private static final String DB = "it_existing_shop";

    @TempDir Path tmp;

    private static final String SCHEMA =
            """
            CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL);
            CREATE TABLE orders (id int PRIMARY KEY, customer_id int REFERENCES customers(id), total numeric);
            """;

    private Path dumps(String rows) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("dumps-" + rows.hashCode()));
        Files.writeString(dir.resolve(DB + ".sql"), SCHEMA + rows);
        return dir;
    }

    private Path questions() throws Exception {
        return Files.writeString(
                tmp.resolve("questions.csv"),
                "db_name,query_category,question,query\n"
                        + DB
                        + ",count,How many customers?,SELECT count(*) FROM customers\n");
    }

    private CliRun importDefog(Path dumps, String... more) throws Exception {
        String[] base = {
            "import",
            "defog",
            "--questions",
            questions().toString(),
            "--databases",
            dumps.toString(),
            "--write-exam-set",
            tmp.resolve("defog.jsonl").toString(),
            "--jdbc-url",
            TestDatabase.url()
        };
        String[] args = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return CliRun.of(args);
    }

    private static long rows(String table) throws Exception {
        try (Connection c = DriverManager.getConnection(TestDatabase.admin().forDatabase(DB));
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static boolean scratchLeft() throws Exception {
        try (Connection c =
                        DriverManager.getConnection(TestDatabase.admin().forDatabase("postgres"));
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT count(*) FROM pg_database WHERE datname LIKE 'sqlexam\\_check\\_%'")) {
            rs.next();
            return rs.getLong(1) > 0;
        }
    }

    @AfterEach
    void dropIt() throws Exception {
        try (Connection c =
                        DriverManager.getConnection(TestDatabase.admin().forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DB + " WITH (FORCE)");
        }
    }

    @Test
    void anExistingDatabaseIsReusedOnlyWhenItHoldsWhatTheFileWouldLoad() throws Exception {
        String two = "INSERT INTO customers VALUES (1, 'a'), (2, 'b');\n";
        Path original = dumps(two + "INSERT INTO orders VALUES (1, 1, 10.5);\n");
        dropIt();

        CliRun first = importDefog(original);
        assertThat(first.exit()).as(first.err()).isEqualTo(ExitCode.DONE.code);
        assertThat(first.out()).contains("loaded (sql)");

        CliRun again = importDefog(original);
        assertThat(again.exit()).as(again.err()).isEqualTo(ExitCode.DONE.code);
        assertThat(again.out())
                .as("the reuse is said, not silent")
                .contains(DatabaseLoader.REUSED)
                .contains("REUSED " + DB)
                .contains("--replace reloads it");
        assertThat(scratchLeft()).as("the scratch database is dropped").isFalse();

        Path changed =
                dumps(
                        two
                                + "INSERT INTO customers VALUES (3, 'c');\nINSERT INTO orders VALUES (1, 1, 10.5);\n");
        CliRun refused = importDefog(changed);
        assertThat(refused.exit()).isEqualTo(ExitCode.ERROR.code);
        assertThat(refused.err())
                .contains(DB)
                .contains("row counts")
                .contains("nothing was loaded")
                .contains("--replace drops and reloads");
        assertThat(rows("customers")).as("the server's database is left as it was").isEqualTo(2);
        assertThat(scratchLeft()).isFalse();

        Path otherSchema = dumps("ALTER TABLE customers ADD COLUMN email text;\n" + two);
        CliRun refusedToo = importDefog(otherSchema);
        assertThat(refusedToo.exit()).isEqualTo(ExitCode.ERROR.code);
        assertThat(refusedToo.err()).contains("schema");

        CliRun replaced = importDefog(changed, "--replace");
        assertThat(replaced.exit()).as(replaced.err()).isEqualTo(ExitCode.DONE.code);
        assertThat(replaced.out()).contains("loaded (sql)").doesNotContain("REUSED");
        assertThat(rows("customers")).isEqualTo(3);
    }
}
