package dev.sqlexam.jobs.run;

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
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pre-flight check where granting is impossible: the connecting user reads the table but holds
 * no grant option, so sqlexam's reader cannot be given access. The command stops before any job,
 * naming the database, the table and the statement an administrator must run.
 */
class PreflightITCase {

    @TempDir Path tmp;

    @Test
    void aUserWhoMayNotGrantStopsTheRunNamingWhatAnAdministratorMustRun() throws Exception {
        String url = TestDatabase.url();
        JdbcUrlTemplate superuser = new JdbcUrlTemplate(url);
        dev.sqlexam.database.Migrations.migrateAll(superuser, Home.migrations());
        try (Connection c = DriverManager.getConnection(superuser.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS it_pf_owned WITH (FORCE)");
            s.execute("CREATE DATABASE it_pf_owned");
            s.execute("DROP ROLE IF EXISTS it_pf_alice");
            s.execute(
                    "CREATE ROLE it_pf_alice LOGIN PASSWORD 'it-pf-alice' NOSUPERUSER NOCREATEDB NOCREATEROLE");
        }
        try (Connection c = DriverManager.getConnection(superuser.forDatabase("it_pf_owned"));
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE secret_sales (id int, amount numeric)");
            s.execute("INSERT INTO secret_sales VALUES (1, 10), (2, 20)");
            s.execute("GRANT SELECT ON secret_sales TO it_pf_alice");
        }
        try (Connection c = DriverManager.getConnection(superuser.forDatabase("sqlexam"));
                Statement s = c.createStatement()) {
            // enough to see that sqlexam's own database is up to date, nothing more
            s.execute("GRANT USAGE ON SCHEMA sqlexam_meta TO it_pf_alice");
            s.execute("GRANT SELECT ON sqlexam_meta.flyway_schema_history TO it_pf_alice");
        }
        Path set = tmp.resolve("set.jsonl");
        Files.write(
                set,
                List.of(
                        "{\"id\":\"s1\",\"db\":\"it_pf_owned\",\"question\":\"Total sales?\","
                                + "\"gold_sql\":\"SELECT sum(amount) FROM secret_sales\"}"));
        String alice = superuser.withUser("it_pf_alice", "it-pf-alice").template();
        StringWriter err = new StringWriter();
        try {
            int code =
                    SqlExamCli.commandLine()
                            .setErr(new PrintWriter(err, true))
                            .execute(
                                    "exam",
                                    "--exam-set",
                                    set.toString(),
                                    "--generator",
                                    "gold",
                                    "--jdbc-url",
                                    alice,
                                    "--out",
                                    tmp.resolve("runs").toString());
            assertThat(code).as(err.toString()).isEqualTo(SqlExamCli.PREFLIGHT_FAILED);
            assertThat(err.toString())
                    .contains("cannot read 1 gold table(s)")
                    .contains("nothing has run")
                    .contains("database it_pf_owned, table secret_sales")
                    .contains("GRANT SELECT ON secret_sales TO sqlexam_reader;")
                    .contains("GRANT CONNECT ON DATABASE it_pf_owned TO sqlexam_reader;");
            assertThat(tmp.resolve("runs")).as("no run was started").doesNotExist();
        } finally {
            try (Connection c = DriverManager.getConnection(superuser.forDatabase("sqlexam"));
                    Statement s = c.createStatement()) {
                s.execute("REVOKE ALL ON sqlexam_meta.flyway_schema_history FROM it_pf_alice");
                s.execute("REVOKE ALL ON SCHEMA sqlexam_meta FROM it_pf_alice");
            }
            try (Connection c = DriverManager.getConnection(superuser.forDatabase("postgres"));
                    Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS it_pf_owned WITH (FORCE)");
                s.execute("DROP ROLE IF EXISTS it_pf_alice");
            }
        }
    }
}
