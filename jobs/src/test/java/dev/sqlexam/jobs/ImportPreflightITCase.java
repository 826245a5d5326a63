package dev.sqlexam.jobs;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.cli.SqlExamCli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code import}'s pre-flight where granting is impossible: the connecting user reads the
 * benchmark's table but holds no grant option, so sqlexam's reader cannot be given access. The
 * import stops as {@code grade} does, before reading a gold, naming the statements an administrator
 * must run, never with a raw {@code permission denied for table}.
 */
class ImportPreflightITCase {

    @TempDir Path tmp;

    @Test
    void aUserWhoMayNotGrantStopsTheImportNamingWhatAnAdministratorMustRun() throws Exception {
        JdbcUrlTemplate superuser = TestDatabase.admin();
        try (Connection c = DriverManager.getConnection(superuser.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS it_pos_owned WITH (FORCE)");
            s.execute("CREATE DATABASE it_pos_owned");
            s.execute("DROP ROLE IF EXISTS it_pos_alice");
            s.execute(
                    "CREATE ROLE it_pos_alice LOGIN PASSWORD 'it-pos-alice' NOSUPERUSER NOCREATEDB NOCREATEROLE");
        }
        try (Connection c = DriverManager.getConnection(superuser.forDatabase("it_pos_owned"));
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE secret_sales (id int, amount numeric)");
            s.execute("INSERT INTO secret_sales VALUES (1, 10), (2, 20)");
            s.execute("GRANT SELECT ON secret_sales TO it_pos_alice");
        }
        Path dev = tmp.resolve("dev.json");
        Files.writeString(
                dev,
                """
                [{"db_id": "it_pos_owned", "question": "Total sales?", "query": "SELECT sum(amount) FROM secret_sales"}]
                """);
        Path set = tmp.resolve("spider.jsonl");
        String alice = superuser.withUser("it_pos_alice", "it-pos-alice").template();
        StringWriter err = new StringWriter();
        try {
            int code =
                    SqlExamCli.commandLine()
                            .setErr(new PrintWriter(err, true))
                            .execute(
                                    "import",
                                    "spider",
                                    "--dev-json",
                                    dev.toString(),
                                    "--write-exam-set",
                                    set.toString(),
                                    "--jdbc-url",
                                    alice);
            assertThat(code).as(err.toString()).isEqualTo(SqlExamCli.PREFLIGHT_FAILED);
            assertThat(err.toString())
                    .contains("cannot read 1 gold table(s)")
                    .contains("nothing has run")
                    .contains("database it_pos_owned, table secret_sales")
                    .contains("GRANT SELECT ON secret_sales TO sqlexam_reader;")
                    .doesNotContain("permission denied");
            assertThat(set).as("no exam set was written").doesNotExist();
        } finally {
            try (Connection c = DriverManager.getConnection(superuser.forDatabase("postgres"));
                    Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS it_pos_owned WITH (FORCE)");
                s.execute("DROP ROLE IF EXISTS it_pos_alice");
            }
        }
    }
}
