package dev.sqlexam.jobs.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A variant of the pipeline: how run.json records it, and how a YAML file defines it: a name, a
 * description, the variant it extends (a path relative to this file), and option keys with their
 * values (the keys of {@code ./sqlexam options}). Its options are the ones it extends with its own
 * laid over them.
 *
 * <pre>
 * name: qwen-linker-planner
 * description: for qwen2.5-coder
 * extends: defaults.yaml
 * options:
 *   SCHEMA_LINKER_ENABLED: true
 * </pre>
 */
public record Variant(String name, String description, Map<String, String> options) {

    /** The variant of a run without variant files: the settings as given. */
    public static final Variant DEFAULT = new Variant("default", null, Map.of());

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> KEYS = Set.of("name", "description", "extends", "options");

    /** The variant a YAML file defines. */
    public static Variant read(Path path) {
        return read(path, new ArrayList<>());
    }

    private static Variant read(Path path, List<Path> chain) {
        Path file = path.toAbsolutePath().normalize();
        if (chain.contains(file))
            throw new IllegalArgumentException(
                    "variant " + path + " extends itself through " + chain);
        chain.add(file);
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "cannot read variant file " + path + ": " + e.getMessage(), e);
        }
        if (root == null || !root.isObject())
            throw new IllegalArgumentException("variant file " + path + " is not a YAML mapping");
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException(
                        "variant file "
                                + path
                                + ": unknown key '"
                                + key
                                + "' (expected "
                                + KEYS
                                + "; option keys go under options:)");
            }
        }
        Map<String, String> options = new LinkedHashMap<>();
        if (root.hasNonNull("extends")) {
            Path parent = file.getParent().resolve(root.get("extends").asText());
            options.putAll(read(parent, chain).options());
        }
        JsonNode own = root.path("options");
        if (!own.isMissingNode() && !own.isNull()) {
            if (!own.isObject())
                throw new IllegalArgumentException(
                        "variant file " + path + ": options must be a mapping of option keys");
            for (Iterator<Map.Entry<String, JsonNode>> it = own.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isContainerNode()) {
                    throw new IllegalArgumentException(
                            "variant file "
                                    + path
                                    + ": option "
                                    + e.getKey()
                                    + " must be a single value");
                }
                options.put(e.getKey(), e.getValue().isNull() ? "" : e.getValue().asText());
            }
        }
        String fileName = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        String name = root.hasNonNull("name") ? root.get("name").asText() : fileName;
        if (name.isBlank() || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException(
                    "variant file "
                            + path
                            + ": name '"
                            + name
                            + "' must be letters, digits, '.', '_' or '-'");
        }
        return new Variant(name, root.path("description").asText(null), options);
    }
}
