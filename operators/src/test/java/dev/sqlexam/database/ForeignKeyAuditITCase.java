package dev.sqlexam.database;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A sample database sqlexam creates is loaded without the row-by-row foreign-key checks and checked
 * once afterwards: rows with their parents stay, a row without one drops the database again with
 * the key named, and NULL keys count as PostgreSQL counts them (MATCH SIMPLE: any NULL passes;
 * MATCH FULL: only all NULL).
 */
class ForeignKeyAuditITCase {

    private static final String SCHEMA =
            """
            CREATE TABLE parent (id int PRIMARY KEY, code text, region int, UNIQUE (code, region));
            CREATE TABLE child (id int PRIMARY KEY, parent_id int REFERENCES parent (id),
                                code text, region int,
                                FOREIGN KEY (code, region) REFERENCES parent (code, region) MATCH FULL);
            """;

    private final String db = "it_fkaudit_" + ProcessHandle.current().pid();

    @TempDir Path tmp;

    @AfterEach
    void drop() throws Exception {
        try (Connection c =
                        DriverManager.getConnection(TestDatabase.admin().forDatabase("postgres"));
                Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
        }
    }

    private Migrations.Report migrate(String rows) throws Exception {
        Path folder = Files.createDirectories(tmp.resolve(db));
        Files.writeString(
                folder.resolve("V1__schema.sql"), "SET search_path TO public;\n" + SCHEMA);
        Files.writeString(folder.resolve("V2__rows.sql"), "SET search_path TO public;\n" + rows);
        List<Migrations.Report> reports =
                Migrations.migrate(TestDatabase.migrated(), TestDatabase.state(), tmp, db::equals);
        return reports.stream().filter(r -> r.database().equals(db)).findFirst().orElseThrow();
    }

    private boolean exists() throws Exception {
        try (Connection c =
                        DriverManager.getConnection(TestDatabase.admin().forDatabase("postgres"));
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT count(*) FROM pg_database WHERE datname = '" + db + "'")) {
            rs.next();
            return rs.getInt(1) == 1;
        }
    }

    @Test
    void rowsWithTheirParentsAndNullKeysAsPostgresAllowsThemAreLoaded() throws Exception {
        Migrations.Report report =
                migrate(
                        """
                INSERT INTO parent VALUES (1, 'a', 1), (2, 'b', 2);
                INSERT INTO child VALUES (1, 1, 'a', 1), (2, NULL, 'b', 2), (3, 2, NULL, NULL);
                """);
        assertThat(report.applied()).isEqualTo(2);
        assertThat(report.note()).isNull();
        assertThat(ForeignKeyAudit.violations(TestDatabase.admin().forDatabase(db))).isEmpty();
        try (Connection c = DriverManager.getConnection(TestDatabase.admin().forDatabase(db));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM child")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(3);
        }
    }

    @Test
    void aRowWithoutItsParentDropsTheDatabaseAndNamesTheKey() throws Exception {
        Migrations.Report report =
                migrate(
                        """
                INSERT INTO parent VALUES (1, 'a', 1);
                INSERT INTO child VALUES (1, 1, 'a', 1), (2, 99, NULL, NULL);
                """);
        assertThat(report.applied()).isZero();
        assertThat(report.note())
                .contains("load rows without their parent")
                .contains("child_parent_id_fkey")
                .doesNotContain("child_code_region_fkey");
        assertThat(exists()).as("dropped again").isFalse();
    }

    @Test
    void aMatchFullKeyHalfNullIsAViolationAsInPostgres() throws Exception {
        Migrations.Report report =
                migrate(
                        """
                INSERT INTO parent VALUES (1, 'a', 1);
                INSERT INTO child VALUES (1, 1, 'a', NULL);
                """);
        assertThat(report.note())
                .contains("child_code_region_fkey")
                .doesNotContain("child_parent_id_fkey");
        assertThat(exists()).isFalse();
    }

    @Test
    void theAuditFindsWhatPostgresChecksWouldRefuse() throws Exception {
        migrate("INSERT INTO parent VALUES (1, 'a', 1);");
        String url = TestDatabase.admin().forDatabase(db);
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute(ForeignKeyAudit.UNCHECKED);
            st.execute("INSERT INTO child VALUES (1, 7, 'z', 9)");
        }
        assertThat(ForeignKeyAudit.violations(url))
                .hasSize(2)
                .anySatisfy(v -> assertThat(v).contains("child_parent_id_fkey"))
                .anySatisfy(v -> assertThat(v).contains("child_code_region_fkey"));
    }
}
