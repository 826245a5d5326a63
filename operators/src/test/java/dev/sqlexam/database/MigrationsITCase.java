package dev.sqlexam.database;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MigrationsITCase {

    @Test
    void secondMigrationAppliesNothing() {
        TestDatabase.migrated();
        List<Migrations.Report> again =
                Migrations.migrateAll(TestDatabase.admin(), TestDatabase.migrationsDir());
        assertThat(again).extracting(Migrations.Report::database).contains("sqlexam", "demo");
        assertThat(again).allSatisfy(r -> assertThat(r.applied()).isZero());
    }

    @Test
    void pgvectorWorksInTheControlDatabase() throws SQLException {
        JdbcUrlTemplate admin = TestDatabase.migrated();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("sqlexam"));
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT '[1,0,0]'::vector <=> '[0,1,0]'::vector")) {
            rs.next();
            assertThat(rs.getDouble(1)).isEqualTo(1.0);
        }
    }

    @Test
    void recordsAreCompressedWithLz4WhereTheServerHasIt() throws SQLException {
        JdbcUrlTemplate admin = TestDatabase.migrated();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("sqlexam"));
                Statement st = c.createStatement()) {
            boolean lz4;
            try {
                st.execute("SET default_toast_compression = lz4");
                lz4 = true;
            } catch (SQLException e) {
                lz4 = false;
            }
            try (ResultSet rs =
                    st.executeQuery(
                            "SELECT string_agg(attname || '=' || attcompression::text, ',' ORDER BY attname)"
                                    + " FROM pg_attribute WHERE attrelid = 'exam.results'::regclass"
                                    + " AND attname IN ('record', 'trace')")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo(lz4 ? "record=l,trace=l" : "record=,trace=");
            }
        }
    }

    @Test
    void readerRoleCanReadButNeverWrite() throws SQLException {
        JdbcUrlTemplate reader = TestDatabase.migrated().withUser(ReaderAccess.READER_ROLE, null);
        try (Connection c = DriverManager.getConnection(reader.forDatabase("demo"));
                Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM employees")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(40);
            }
            try (ResultSet rs = st.executeQuery("SHOW default_transaction_read_only")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("on");
            }
            st.execute("SET default_transaction_read_only = off");
            assertThatThrownBy(() -> st.executeUpdate("DELETE FROM employees"))
                    .isInstanceOf(SQLException.class)
                    .satisfies(
                            e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
            assertThatThrownBy(() -> st.execute("CREATE TABLE intruder (x int)"))
                    .isInstanceOf(SQLException.class);
        }
        try (Connection c = DriverManager.getConnection(reader.forDatabase("sqlexam"));
                Statement st = c.createStatement()) {
            assertThatThrownBy(() -> st.executeQuery("SELECT count(*) FROM exam.results"))
                    .isInstanceOf(SQLException.class)
                    .satisfies(
                            e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
        }
    }

    @Test
    void readerAccessUsesTheRoleWhenItCanLogIn() {
        ReaderAccess access = ReaderAccess.resolve(TestDatabase.migrated(), "sqlexam", null);
        assertThat(access.mode()).isEqualTo(ReaderAccess.Mode.READER_LOGIN);
        assertThat(access.url().user()).isEqualTo(ReaderAccess.READER_ROLE);
        assertThat(access.note()).isNull();
    }

    @Test
    void aChangedFolderRunsFlywayAndAnUnchangedOneIsKnownByItsStamp(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        JdbcUrlTemplate admin = TestDatabase.migrated();
        String db = "it_stamp_" + ProcessHandle.current().pid();
        java.nio.file.Path folder = java.nio.file.Files.createDirectories(tmp.resolve(db));
        java.nio.file.Files.writeString(folder.resolve("V1__one.sql"), "CREATE TABLE one (x int);");
        try {
            assertThat(Migrations.migrate(admin, TestDatabase.state(), tmp, db::equals))
                    .filteredOn(r -> r.database().equals(db))
                    .singleElement()
                    .satisfies(r -> assertThat(r.applied()).isEqualTo(1));
            assertThat(MigrationStamp.current(admin.forDatabase(db), MigrationStamp.digest(folder)))
                    .contains("1");
            assertThat(Migrations.migrate(admin, TestDatabase.state(), tmp, db::equals))
                    .filteredOn(r -> r.database().equals(db))
                    .singleElement()
                    .satisfies(r -> assertThat(r.version()).isEqualTo("1"));

            java.nio.file.Files.writeString(
                    folder.resolve("V2__two.sql"), "CREATE TABLE two (x int);");
            assertThat(Migrations.migrate(admin, TestDatabase.state(), tmp, db::equals))
                    .filteredOn(r -> r.database().equals(db))
                    .singleElement()
                    .satisfies(
                            r ->
                                    assertThat(r.applied())
                                            .as("a new file: Flyway runs")
                                            .isEqualTo(1));
            try (Connection c = DriverManager.getConnection(admin.forDatabase(db));
                    Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA " + Migrations.META_SCHEMA + " CASCADE");
            }
            // without sqlexam's own schema the database is not sqlexam's: it is left as it is
            assertThat(Migrations.migrate(admin, TestDatabase.state(), tmp, db::equals))
                    .filteredOn(r -> r.database().equals(db))
                    .singleElement()
                    .satisfies(
                            r -> {
                                assertThat(r.applied()).isZero();
                                assertThat(r.note()).contains("sqlexam did not create");
                            });
            try (Connection c = DriverManager.getConnection(admin.forDatabase(db));
                    Statement st = c.createStatement();
                    java.sql.ResultSet rs =
                            st.executeQuery(
                                    "SELECT count(*) FROM pg_namespace WHERE nspname = '"
                                            + Migrations.META_SCHEMA
                                            + "'")) {
                rs.next();
                assertThat(rs.getInt(1)).as("nothing of sqlexam's created in it").isZero();
            }
        } finally {
            try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                    Statement st = c.createStatement()) {
                st.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
            }
        }
    }
}
