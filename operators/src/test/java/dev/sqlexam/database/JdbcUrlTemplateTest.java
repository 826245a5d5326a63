package dev.sqlexam.database;

import org.junit.jupiter.api.Test;
import org.postgresql.Driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JdbcUrlTemplateTest {

    @Test
    void fillsTheDatabasePlaceholder() {
        JdbcUrlTemplate url =
                new JdbcUrlTemplate("jdbc:postgresql://127.0.0.1:5432/{db}?user=me&password=pw");
        assertThat(url.perDatabase()).isTrue();
        assertThat(url.forDatabase("erp"))
                .isEqualTo("jdbc:postgresql://127.0.0.1:5432/erp?user=me&password=pw");
        assertThatThrownBy(() -> url.forDatabase("x?user=postgres")).hasMessageContaining("unsafe");
    }

    @Test
    void switchesUserAndHidesPasswords() {
        JdbcUrlTemplate url =
                new JdbcUrlTemplate(
                        "jdbc:postgresql://h/{db}?user=me&password=secret&sslmode=disable");
        JdbcUrlTemplate reader = url.withUser("sqlexam_reader", null);
        assertThat(reader.template())
                .isEqualTo("jdbc:postgresql://h/{db}?user=sqlexam_reader&sslmode=disable");
        assertThat(url.redacted()).doesNotContain("secret").contains("password=***");
        assertThat(url.toString()).doesNotContain("secret");
    }

    @Test
    void aUrlWithoutPlaceholderNamesOneDatabase() {
        JdbcUrlTemplate url = new JdbcUrlTemplate("jdbc:postgresql://h:1/warehouse?user=u");
        assertThat(url.perDatabase()).isFalse();
        assertThat(url.fixedDatabase()).isEqualTo("warehouse");
        assertThat(url.forDatabase("anything")).isEqualTo("jdbc:postgresql://h:1/warehouse?user=u");
    }

    @Test
    void rejectsWhatIsNotAPostgresUrl() {
        assertThatThrownBy(() -> new JdbcUrlTemplate("jdbc:mysql://h/db"))
                .hasMessageContaining("not a PostgreSQL JDBC URL");
    }

    @Test
    void aPasswordWithReservedCharactersArrivesWholeAtTheDriver() throws Exception {
        JdbcUrlTemplate url =
                new JdbcUrlTemplate("jdbc:postgresql://db.example:5432/{db}?user=alice")
                        .withUser("alice", "s3cr&t=%1 +");
        java.util.Properties parsed =
                org.postgresql.Driver.parseURL(url.forDatabase("erp"), new java.util.Properties());
        assertThat(parsed.getProperty("password")).isEqualTo("s3cr&t=%1 +");
        assertThat(url.toString()).doesNotContain("s3cr");
    }

    @Test
    void theClientsStoredPasswordIsWrittenIntoTheUrlForWorkersThatHaveNone(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.nio.file.Path pgpass =
                java.nio.file.Files.writeString(
                        tmp.resolve("pgpass"), "db.example:5432:*:alice:from&file\n");
        String before = System.getProperty("org.postgresql.pgpassfile");
        System.setProperty("org.postgresql.pgpassfile", pgpass.toString());
        try {
            JdbcUrlTemplate url =
                    new JdbcUrlTemplate(
                                    "jdbc:postgresql://db.example:5432/{db}?user=alice&ssl=false")
                            .withClientPassword("erp", null);
            java.util.Properties parsed =
                    org.postgresql.Driver.parseURL(
                            url.forDatabase("sales"), new java.util.Properties());
            assertThat(parsed.getProperty("password")).isEqualTo("from&file");
            assertThat(parsed.getProperty("ssl")).isEqualTo("false");
            JdbcUrlTemplate bob =
                    new JdbcUrlTemplate("jdbc:postgresql://db.example:5432/{db}?user=bob");
            assertThat(bob.withClientPassword("erp", null))
                    .as("no stored password for bob: unchanged")
                    .isEqualTo(bob);
            JdbcUrlTemplate given =
                    new JdbcUrlTemplate(
                            "jdbc:postgresql://db.example:5432/{db}?user=alice&password=mine");
            assertThat(given.withClientPassword("erp", "env"))
                    .as("a password in the URL wins")
                    .isEqualTo(given);
            assertThat(
                            Driver.parseURL(
                                            bob.withClientPassword("erp", "from-env")
                                                    .forDatabase("erp"),
                                            new java.util.Properties())
                                    .getProperty("password"))
                    .as("PGPASSWORD first")
                    .isEqualTo("from-env");
        } finally {
            if (before == null) System.clearProperty("org.postgresql.pgpassfile");
            else System.setProperty("org.postgresql.pgpassfile", before);
        }
    }
}
