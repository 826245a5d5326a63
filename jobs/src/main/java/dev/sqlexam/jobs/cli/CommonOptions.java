package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Options every command shares: the server, where sqlexam's state lives, who reads, a config file,
 * and --set key=value.
 */
public final class CommonOptions {

    @Option(
            names = "--jdbc-url",
            description = "PostgreSQL JDBC URL; {db} is replaced by each question's database.")
    String jdbcUrl;

    @Option(
            names = "--state-url",
            description =
                    "PostgreSQL JDBC URL of the server holding sqlexam's own state (runs, results, "
                            + "retrieval index). Default: the private cluster; the --jdbc-url server then holds none of it.")
    String stateUrl;

    @Option(
            names = "--reader",
            description =
                    "Who runs gold and candidate SQL: role (sqlexam_reader, granted read access "
                            + "where needed) or connecting-user (the URL's user in read-only transactions; nothing is granted).")
    String reader;

    @Option(
            names = "--no-grant",
            description =
                    "Never grant: stop before the job when the reader lacks access, naming the statements to run.")
    boolean noGrant;

    @Option(
            names = "--config",
            description = "A properties file of option keys (see ./sqlexam options).")
    Path config;

    @Option(names = "--set", description = "Set any option: --set key=value (repeatable).")
    Map<String, String> set = new LinkedHashMap<>();

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    public Settings settings(Map<String, String> extra) {
        return settings(extra, Map.of());
    }

    /**
     * As {@link #settings(Map)} over the options a resumed run recorded ({@code recorded}): each
     * stands where nothing given now sets its option.
     */
    Settings settings(Map<String, String> extra, Map<String, String> recorded) {
        Map<String, String> overrides = overrides(extra);
        checkValues(overrides);
        Map<String, String> file = config == null ? Map.of() : Settings.readConfigFile(config);
        return Settings.resumed(recorded, file, System.getenv(), overrides);
    }

    private Map<String, String> overrides(Map<String, String> extra) {
        Map<String, String> overrides = new LinkedHashMap<>(set);
        overrides.putAll(extra);
        if (jdbcUrl != null) overrides.put(SqlExamOptions.JDBC_URL.key(), jdbcUrl);
        if (stateUrl != null) overrides.put(SqlExamOptions.STATE_URL.key(), stateUrl);
        if (reader != null) overrides.put(SqlExamOptions.READER.key(), reader);
        if (noGrant) overrides.put(SqlExamOptions.GRANT_READ_ACCESS.key(), "false");
        return overrides;
    }

    /**
     * Checks the values of these options before the command reads any file or opens any connection.
     */
    void checkGiven() {
        checkValues(overrides(Map.of()));
    }

    /**
     * A value given on the command line that its option refuses is wrong usage, named as the user
     * typed it.
     */
    private void checkValues(Map<String, String> overrides) {
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            var option =
                    SqlExamOptions.all().stream()
                            .filter(o -> o.key().equals(e.getKey()))
                            .findFirst();
            if (option.isEmpty()) {
                var near =
                        UsageErrors.nearest(
                                e.getKey(),
                                SqlExamOptions.all().stream()
                                        .map(dev.sqlexam.config.Option::key)
                                        .toList());
                throw UsageErrors.of(
                        command,
                        "--set: no option '"
                                + e.getKey()
                                + "' (./sqlexam options lists them)"
                                + (near.isEmpty()
                                        ? ""
                                        : "; did you mean " + String.join(" or ", near) + "?"));
            }
            try {
                option.get().read(e.getValue());
            } catch (IllegalArgumentException bad) {
                throw UsageErrors.of(
                        command, FlagKeys.flagFor(command, e.getKey()) + ": " + bad.getMessage());
            }
        }
    }
}
