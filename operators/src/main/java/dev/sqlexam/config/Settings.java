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
import java.util.Properties;

/**
 * Resolved option values: defaults, then a config file, then environment variables, then the
 * command line (each later source wins). Also remembers where each value came from.
 */
public final class Settings implements Serializable {

    private final Map<String, Object> values;
    private final Map<String, String> sources;

    private Settings(Map<String, Object> values, Map<String, String> sources) {
        this.values = values;
        this.sources = sources;
    }

    public static Settings defaults() {
        return resolve(Map.of(), Map.of(), Map.of());
    }

    public static Settings fromEnvironment() {
        return resolve(Map.of(), System.getenv(), Map.of());
    }

    /** Unknown keys in a config file or on the command line are errors; unknown env vars are not. */
    public static Settings resolve(Map<String, String> file, Map<String, String> env, Map<String, String> overrides) {
        Map<String, Object> values = new HashMap<>();
        Map<String, String> sources = new HashMap<>();
        checkKnown(file, "config file");
        checkKnown(overrides, "command line");
        for (Option<?> option : SqlExamOptions.all()) {
            values.put(option.key(), option.defaultValue());
            sources.put(option.key(), "default");
            apply(option, file.get(option.key()), "config file", values, sources);
            apply(option, env.get(option.envVar()), "environment", values, sources);
            apply(option, overrides.get(option.key()), "command line", values, sources);
        }
        return new Settings(values, sources);
    }

    public static Map<String, String> readConfigFile(Path path) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read config file " + path + ": " + e.getMessage(), e);
        }
        Map<String, String> map = new LinkedHashMap<>();
        properties.forEach((k, v) -> map.put(k.toString().trim(), v.toString()));
        return map;
    }

    private static void checkKnown(Map<String, String> given, String where) {
        for (String key : given.keySet()) {
            boolean known = SqlExamOptions.all().stream().anyMatch(o -> o.key().equals(key));
            if (!known) throw new IllegalArgumentException("unknown option '" + key + "' in " + where);
        }
    }

    private static void apply(Option<?> option, String raw, String source, Map<String, Object> values,
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

    /** Every value that differs from its default, secrets hidden: what a run records as its config. */
    public Map<String, Object> changed() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Option<?> option : SqlExamOptions.all()) {
            Object value = values.get(option.key());
            if (value != null && !value.equals(option.defaultValue())) out.put(option.key(), option.secret() ? "***" : value);
        }
        return out;
    }
}
