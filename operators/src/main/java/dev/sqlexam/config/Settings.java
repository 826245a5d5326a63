package dev.sqlexam.config;

import java.io.IOException;
import java.io.Reader;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Resolved option values: defaults, then a config file, then environment variables, then a resumed
 * run's recorded options, then a variant file, then the command line (each later source wins). Also
 * remembers where each value came from, and its layers, so that a variant can be laid over the same
 * file, environment and command line.
 */
public final class Settings implements Serializable {

    /** What a recorded or printed setting shows for a secret, or a URL's password. */
    public static final String HIDDEN = "***";

    private final Map<String, Object> values;
    private final Map<String, String> sources;
    private final Map<String, String> recorded;
    private final Map<String, String> file;
    private final Map<String, String> env;
    private final Map<String, String> overrides;

    private Settings(
            Map<String, Object> values,
            Map<String, String> sources,
            Map<String, String> recorded,
            Map<String, String> file,
            Map<String, String> env,
            Map<String, String> overrides) {
        this.values = values;
        this.sources = sources;
        this.recorded = recorded;
        this.file = file;
        this.env = env;
        this.overrides = overrides;
    }

    public static Settings defaults() {
        return resolve(Map.of(), Map.of(), Map.of());
    }

    /**
     * An option read before there are settings (where the project and its state are): the system
     * property {@code sqlexam.<key>} (dots for underscores), else its environment variable, else
     * its default; checked as any option.
     */
    public static <T> T early(Option<T> option) {
        String raw = System.getProperty("sqlexam." + option.key().replace('_', '.'));
        if (raw == null || raw.isBlank()) raw = System.getenv(option.envVar());
        return raw == null || raw.isBlank() ? option.defaultValue() : option.parse(raw);
    }

    public static Settings fromEnvironment() {
        return resolve(Map.of(), System.getenv(), Map.of());
    }

    /**
     * Unknown keys in a config file or on the command line are errors; unknown env vars are not.
     */
    public static Settings resolve(
            Map<String, String> file, Map<String, String> env, Map<String, String> overrides) {
        return resolve(Map.of(), file, env, Map.of(), overrides);
    }

    /**
     * As {@link #resolve(Map, Map, Map)} over {@code recorded}, the options a resumed run's
     * run.json records: they stand where nothing given now (config file, environment, variant file,
     * command line) sets the option.
     */
    public static Settings resumed(
            Map<String, String> recorded,
            Map<String, String> file,
            Map<String, String> env,
            Map<String, String> overrides) {
        return resolve(recorded, file, env, Map.of(), overrides);
    }

    private static Settings resolve(
            Map<String, String> recorded,
            Map<String, String> file,
            Map<String, String> env,
            Map<String, String> variant,
            Map<String, String> overrides) {
        Map<String, Object> values = new HashMap<>();
        Map<String, String> sources = new HashMap<>();
        checkKnown(recorded, "run.json");
        checkKnown(file, "config file");
        checkKnown(variant, "variant file");
        checkKnown(overrides, "command line");
        Map<String, String> ownEnv = new HashMap<>();
        for (Option<?> option : SqlExamOptions.all()) {
            values.put(option.key(), option.defaultValue());
            sources.put(option.key(), "default");
            apply(option, file.get(option.key()), "config file", values, sources);
            apply(option, env.get(option.envVar()), "environment", values, sources);
            apply(option, recorded.get(option.key()), "run.json", values, sources);
            apply(option, variant.get(option.key()), "variant file", values, sources);
            apply(option, overrides.get(option.key()), "command line", values, sources);
            if (env.containsKey(option.envVar()))
                ownEnv.put(option.envVar(), env.get(option.envVar()));
        }
        return new Settings(
                values,
                sources,
                new HashMap<>(recorded),
                new HashMap<>(file),
                ownEnv,
                new HashMap<>(overrides));
    }

    /**
     * These settings with a variant's values laid over the config file and environment, under the
     * command line (--set applies to every variant). A variant may not set a job-wide option: those
     * must be equal across the job's variants.
     */
    public Settings withVariant(Map<String, String> variant) {
        for (String key : variant.keySet()) {
            Option<?> option =
                    SqlExamOptions.all().stream()
                            .filter(o -> o.key().equals(key))
                            .findFirst()
                            .orElse(null);
            if (option != null && option.phase() == Option.Phase.JOB) {
                throw new IllegalArgumentException(
                        "option '"
                                + key
                                + "' is job-wide (it is the same for every variant); set it with "
                                + "--set or --config instead of in a variant file");
            }
        }
        return resolve(recorded, file, env, variant, overrides);
    }

    /**
     * The values of every per-variant option acting no later than {@code phase}, as text: two
     * variants with equal fingerprints do the same work up to and including that phase, so they can
     * share it.
     */
    public String fingerprint(Option.Phase phase) {
        StringBuilder out = new StringBuilder();
        for (Option<?> option : SqlExamOptions.all()) {
            Option.Phase p = option.phase();
            if (p == Option.Phase.JOB || p.compareTo(phase) > 0) continue;
            out.append(option.key()).append('=').append(values.get(option.key())).append('\n');
        }
        return out.toString();
    }

    /**
     * The options whose values differ from {@code reference}'s, with this side's value (secrets
     * hidden).
     */
    public Map<String, Object> differencesFrom(Settings reference) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Option<?> option : SqlExamOptions.all()) {
            Object mine = values.get(option.key());
            if (!Objects.equals(mine, reference.values.get(option.key()))) {
                out.put(option.key(), option.secret() ? HIDDEN : mine);
            }
        }
        return out;
    }

    public static Map<String, String> readConfigFile(Path path) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "cannot read config file " + path + ": " + e.getMessage(), e);
        }
        Map<String, String> map = new LinkedHashMap<>();
        properties.forEach((k, v) -> map.put(k.toString().trim(), v.toString()));
        return map;
    }

    private static void checkKnown(Map<String, String> given, String where) {
        for (String key : given.keySet()) {
            boolean known = SqlExamOptions.all().stream().anyMatch(o -> o.key().equals(key));
            if (!known)
                throw new IllegalArgumentException("unknown option '" + key + "' in " + where);
        }
    }

    private static void apply(
            Option<?> option,
            String raw,
            String source,
            Map<String, Object> values,
            Map<String, String> sources) {
        if (raw == null || raw.isBlank()) return;
        values.put(option.key(), option.parse(raw));
        sources.put(option.key(), source);
    }

    public <T> T get(Option<T> option) {
        return option.type().cast(values.get(option.key()));
    }

    public String sourceOf(Option<?> option) {
        return sources.get(option.key());
    }

    /**
     * Every option's value, secrets and the passwords of URLs hidden: what a run records of its
     * settings.
     */
    public Map<String, Object> described() {
        Map<String, Object> out = new TreeMap<>();
        for (Option<?> option : SqlExamOptions.all()) {
            Object value = values.get(option.key());
            out.put(
                    option.key(),
                    option.secret()
                            ? HIDDEN
                            : value instanceof String s
                                    ? s.replaceAll("(?i)(password=)[^&]*", "$1" + HIDDEN)
                                    : asTyped(value));
        }
        return out;
    }

    /**
     * A choice as the user types it ({@code edges}, not the enum's {@code EDGES}); other values as
     * they are.
     */
    private static Object asTyped(Object value) {
        return value instanceof Enum<?> choice ? choice.toString() : value;
    }

    /**
     * Every value that differs from its default, secrets hidden: what a run records as its config.
     */
    public Map<String, Object> changed() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Option<?> option : SqlExamOptions.all()) {
            Object value = values.get(option.key());
            if (value != null && !value.equals(option.defaultValue()))
                out.put(option.key(), option.secret() ? HIDDEN : asTyped(value));
        }
        return out;
    }
}
