package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** Options every command shares: the server, a config file, and --set key=value. */
final class CommonOptions {

    @Option(names = "--jdbc-url", description = "PostgreSQL JDBC URL; {db} is replaced by each question's database.")
    String jdbcUrl;

    @Option(names = "--config", description = "A properties file of option keys (see ./sqlexam options).")
    Path config;

    @Option(names = "--set", description = "Set any option: --set key=value (repeatable).")
    Map<String, String> set = new LinkedHashMap<>();

    /** The server URL template of the resolved settings. */
    static dev.sqlexam.database.JdbcUrlTemplate admin(Settings settings) {
        return new dev.sqlexam.database.JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
    }

    Settings settings(Map<String, String> extra) {
        Map<String, String> overrides = new LinkedHashMap<>(set);
        overrides.putAll(extra);
        if (jdbcUrl != null) overrides.put(SqlExamOptions.JDBC_URL.key(), jdbcUrl);
        Map<String, String> file = config == null ? Map.of() : Settings.readConfigFile(config);
        return Settings.resolve(file, System.getenv(), overrides);
    }
}
