package dev.sqlexam.jobs.assembly;

import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.database.TestDatabase;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A state database sqlexam has not seen (a user's --state-url on a new server, or one a release
 * behind): the migrations apply and the run says so, instead of failing on its own message.
 */
class DatabaseSetupITCase {

    @Test
    void aNewStateDatabaseIsMigratedAndTheRunSaysHowFar() throws Exception {
        JdbcUrlTemplate admin = TestDatabase.migrated();
        String name = "sqlexam_setup_it_" + System.nanoTime();
        long migrations;
        try (Stream<?> files =
                Files.list(TestDatabase.migrationsDir().resolve("sqlexam"))
                        .filter(f -> f.getFileName().toString().matches("V\\d+__.*\\.sql"))) {
            migrations = files.count();
        }
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try {
            DatabaseSetup.migrate(
                    admin,
                    new StateDatabase(admin, name),
                    database -> false,
                    new PrintStream(printed, true, StandardCharsets.UTF_8));
            assertThat(printed.toString(StandardCharsets.UTF_8))
                    .contains(
                            "[sqlexam] migrations "
                                    + name
                                    + ": applied "
                                    + migrations
                                    + ", now at version "
                                    + migrations);
        } finally {
            try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                    Statement st = c.createStatement()) {
                st.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            }
        }
    }
}
