package dev.sqlexam.database;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Set-up work on several databases at once by a role the server allows one connection. */
class PerDatabaseITCase {

    @Test
    void aRoleAtItsConnectionLimitIsWaitedForNotFailed() throws Exception {
        JdbcUrlTemplate admin = TestDatabase.admin();
        String role = "sqlexam_it_one_conn";
        String password = "it-" + System.nanoTime();
        try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                Statement st = c.createStatement()) {
            st.execute("DROP ROLE IF EXISTS " + role);
            st.execute(
                    "CREATE ROLE "
                            + role
                            + " LOGIN CONNECTION LIMIT 1 PASSWORD '"
                            + password
                            + "'");
        }
        try {
            String url = admin.forDatabase("postgres");
            Properties props = new Properties();
            props.setProperty("user", role);
            props.setProperty("password", password);
            List<String> names = IntStream.range(0, 8).mapToObj(i -> "unit-" + i).toList();
            var out =
                    PerDatabase.each(
                            names,
                            name -> {
                                try (Connection c =
                                                PerDatabase.connect(withUser(url, role, password));
                                        Statement st = c.createStatement()) {
                                    st.execute("SELECT pg_sleep(0.05)");
                                    return name;
                                }
                            });
            assertThat(out).hasSize(8);
        } finally {
            try (Connection c = DriverManager.getConnection(admin.forDatabase("postgres"));
                    Statement st = c.createStatement()) {
                st.execute("DROP ROLE IF EXISTS " + role);
            }
        }
    }

    private static String withUser(String url, String user, String password) throws SQLException {
        String base = url.replaceAll("([?&])(user|password)=[^&]*&?", "$1").replaceAll("[?&]$", "");
        return base + (base.contains("?") ? "&" : "?") + "user=" + user + "&password=" + password;
    }
}
