package dev.sqlexam.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class JdbcUrlTemplateTest {

    @Test
    void fillsTheDatabasePlaceholder() {
        JdbcUrlTemplate url = new JdbcUrlTemplate("jdbc:postgresql://127.0.0.1:5432/{db}?user=me&password=pw");
        assertThat(url.perDatabase()).isTrue();
        assertThat(url.forDatabase("erp")).isEqualTo("jdbc:postgresql://127.0.0.1:5432/erp?user=me&password=pw");
        assertThatThrownBy(() -> url.forDatabase("x?user=postgres")).hasMessageContaining("unsafe");
    }

    @Test
    void switchesUserAndHidesPasswords() {
        JdbcUrlTemplate url = new JdbcUrlTemplate("jdbc:postgresql://h/{db}?user=me&password=secret&sslmode=disable");
        JdbcUrlTemplate reader = url.withUser("sqlexam_reader", null);
        assertThat(reader.template()).isEqualTo("jdbc:postgresql://h/{db}?user=sqlexam_reader&sslmode=disable");
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
        assertThatThrownBy(() -> new JdbcUrlTemplate("jdbc:mysql://h/db")).hasMessageContaining("not a PostgreSQL JDBC URL");
    }
}
