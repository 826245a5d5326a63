package dev.sqlexam.jobs.run;

import dev.sqlexam.database.JdbcUrlTemplate;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.postgresql.Driver;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run ran on, so that two machines' runs can be compared: the JVM, Flink (as built), the
 * JDBC driver, pgvector in sqlexam's own server, the CPU, and the settings of the graded server
 * that change what a query returns or how it prints (collation, character type, TimeZone,
 * DateStyle, IntervalStyle, extra_float_digits).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunPlatform(
        String java,
        String flink,
        String jdbcDriver,
        String pgvector,
        String os,
        String arch,
        int cores,
        Map<String, String> serverSettings) {

    private static final String[] SETTINGS = {
        "lc_collate", "lc_ctype", "TimeZone", "DateStyle", "IntervalStyle", "extra_float_digits"
    };

    /**
     * This process's platform; {@code server} read from {@code database} on the graded server,
     * pgvector from the state server.
     */
    public static RunPlatform collect(JdbcUrlTemplate admin, String database, String stateUrl) {
        return new RunPlatform(
                System.getProperty("java.vm.name")
                        + " "
                        + System.getProperty("java.runtime.version"),
                Build.FLINK,
                Driver.getVersion(),
                pgvector(stateUrl),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(),
                database == null ? null : settings(admin.forDatabase(database)));
    }

    private static Map<String, String> settings(String url) {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            for (String name : SETTINGS) {
                try (ResultSet rs = s.executeQuery("SELECT current_setting('" + name + "')")) {
                    if (rs.next()) out.put(name, rs.getString(1));
                }
            }
        } catch (SQLException e) {
            out.put("not read", e.getMessage());
        }
        return out;
    }

    private static String pgvector(String stateUrl) {
        if (stateUrl == null) return null;
        try (Connection c = DriverManager.getConnection(stateUrl);
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT extversion FROM pg_extension WHERE extname = 'vector'")) {
            return rs.next() ? rs.getString(1) : "not installed";
        } catch (SQLException e) {
            return "not read: " + e.getMessage();
        }
    }
}
