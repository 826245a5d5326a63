package dev.sqlexam.jobs.run;


import com.fasterxml.jackson.databind.JsonNode;
import dev.sqlexam.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * run.json: what a run was asked to do (exam set, runs, whether it graded predictions files, each variant's name,
 * description and options), written before its job starts, so that {@code exam --resume} continues the same run and
 * {@code regrade} times its queries as the run did; and its {@link Provenance}, so that two runs can be told apart.
 */
public record RunManifest(String runId, String examSet, int runs, boolean predictions, List<Variant> variants, Provenance provenance) {

    /** A variant as its file defined it. */
    public record Variant(String name, String description, Map<String, String> options) {

        /** The variant of a run without variant files: the settings as given. */
        public static final Variant DEFAULT = new Variant("default", null, Map.of());
    }

    /** Writes this manifest as {@code outDir}/run.json. */
    public void write(Path outDir) throws IOException {
        Files.writeString(outDir.resolve("run.json"), Json.pretty(this) + "\n");
    }

    public static RunManifest read(Path runDir) {
        Path file = runDir.resolve("run.json");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(runDir + " has no run.json: it is not a run folder (or was written by an older sqlexam)");
        }
        try {
            JsonNode n = Json.MAPPER.readTree(file.toFile());
            List<Variant> variants = new ArrayList<>();
            for (JsonNode v : n.path("variants")) {
                Map<String, String> options = new LinkedHashMap<>();
                v.path("options").fields().forEachRemaining(e -> options.put(e.getKey(), e.getValue().asText()));
                variants.add(new Variant(v.path("name").asText(), v.path("description").asText(null), options));
            }
            Provenance provenance = n.hasNonNull("provenance") ? Json.MAPPER.treeToValue(n.get("provenance"), Provenance.class) : null;
            return new RunManifest(n.path("run_id").asText(), n.path("exam_set").asText(), n.path("runs").asInt(1),
                    n.path("predictions").asBoolean(false), variants, provenance);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
