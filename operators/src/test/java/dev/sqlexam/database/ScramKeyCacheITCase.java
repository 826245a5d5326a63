package dev.sqlexam.database;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * SCRAM logins to the real server with the cache installed: one derivation per role however many
 * connections and databases, and a wrong password still refused after a right one.
 */
class ScramKeyCacheITCase {

    private static final String ROLE = "sqlexam_it_scram";
    private static final String PASSWORD = "it-scram-" + ProcessHandle.current().pid();

    @Test
    void manyLoginsOfOneRoleDeriveItsKeyOnceAndAWrongPasswordIsStillRefused() throws Exception {
        JdbcUrlTemplate admin = TestDatabase.admin();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS " + ROLE);
            s.execute("SET password_encryption = 'scram-sha-256'");
            s.execute("CREATE ROLE " + ROLE + " LOGIN PASSWORD '" + PASSWORD + "'");
        }
        try {
            JdbcUrlTemplate role = admin.withUser(ROLE, PASSWORD);
            long before = ScramKeyCache.derivations();
            for (String db : new String[] {"postgres", "demo", "postgres", "demo"}) {
                try (Connection c = DriverManager.getConnection(role.forDatabase(db));
                        Statement s = c.createStatement();
                        var rs = s.executeQuery("SELECT current_user")) {
                    rs.next();
                    assertThat(rs.getString(1)).isEqualTo(ROLE);
                }
            }
            assertThat(ScramKeyCache.derivations() - before).isEqualTo(1);

            JdbcUrlTemplate wrong = admin.withUser(ROLE, PASSWORD + "-wrong");
            assertThatThrownBy(() -> DriverManager.getConnection(wrong.forDatabase("postgres")))
                    .isInstanceOf(SQLException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("28P01");
            assertThatThrownBy(() -> DriverManager.getConnection(wrong.forDatabase("postgres")))
                    .isInstanceOf(SQLException.class);
        } finally {
            try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                    Statement s = c.createStatement()) {
                s.execute("DROP ROLE IF EXISTS " + ROLE);
            }
        }
    }
}
