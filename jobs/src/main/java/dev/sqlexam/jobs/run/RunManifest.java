package dev.sqlexam.jobs.run;

import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * run.json: what a run was asked to do (exam set, runs, whether it graded predictions files, each
 * variant's name, description and options), written before its job starts, so that {@code exam
 * --resume} continues the same run and {@code regrade} times its queries as the run did; and its
 * {@link Provenance}, so that two runs can be told apart.
 */
public record RunManifest(
        String runId,
        String examSet,
        int runs,
        boolean predictions,
        List<Variant> variants,
        Provenance provenance,
        Invocation invocation,
        RunPlatform platform) {

    /**
     * How the run was started and when: the command line as typed, the folder it ran in, start and
     * end (ISO-8601, UTC).
     */
    public record Invocation(
            String commandLine, String workingDirectory, String startedAt, String finishedAt) {

        /** This process's invocation, started now. */
        public static Invocation now() {
            return new Invocation(
                    System.getProperty(COMMAND_LINE_PROPERTY),
                    System.getProperty("user.dir"),
                    Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                    null);
        }

        public Invocation finished() {
            return new Invocation(
                    commandLine,
                    workingDirectory,
                    startedAt,
                    Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        }
    }

    /** The system property the command-line entry point records its arguments in. */
    public static final String COMMAND_LINE_PROPERTY = "sqlexam.command_line";

    /**
     * An exam set's path as run.json records it: relative to the checkout when it lies inside it.
     */
    public static String recorded(Path examSet) {
        Path absolute = examSet.toAbsolutePath().normalize();
        Path home = Home.resolve().toAbsolutePath().normalize();
        return absolute.startsWith(home)
                ? home.relativize(absolute).toString()
                : absolute.toString();
    }

    /** The exam set's path: a relative one is the checkout's. */
    public Path examSetPath() {
        Path p = Path.of(examSet);
        return p.isAbsolute() ? p : Home.resolve().resolve(p);
    }

    /** This manifest with its end time set, written again. */
    public static void markFinished(Path outDir) throws IOException {
        if (!Files.isRegularFile(outDir.resolve("run.json"))) return;
        RunManifest m = read(outDir);
        if (m.invocation() == null) return;
        new RunManifest(
                        m.runId(),
                        m.examSet(),
                        m.runs(),
                        m.predictions(),
                        m.variants(),
                        m.provenance(),
                        m.invocation().finished(),
                        m.platform())
                .write(outDir);
    }

    /** Writes this manifest as {@code outDir}/run.json. */
    public void write(Path outDir) throws IOException {
        Files.writeString(outDir.resolve("run.json"), Json.pretty(this) + "\n");
    }

    public static RunManifest read(Path runDir) {
        Path file = runDir.resolve("run.json");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    runDir
                            + " has no run.json: it is not a run folder (or was written by an older sqlexam)");
        }
        try {
            JsonNode n = Json.MAPPER.readTree(file.toFile());
            List<Variant> variants = new ArrayList<>();
            for (JsonNode v : n.path("variants")) {
                Map<String, String> options = new LinkedHashMap<>();
                v.path("options")
                        .fields()
                        .forEachRemaining(e -> options.put(e.getKey(), e.getValue().asText()));
                variants.add(
                        new Variant(
                                v.path("name").asText(),
                                v.path("description").asText(null),
                                options));
            }
            Provenance provenance =
                    n.hasNonNull("provenance")
                            ? Json.MAPPER.treeToValue(n.get("provenance"), Provenance.class)
                            : null;
            Invocation invocation =
                    n.hasNonNull("invocation")
                            ? Json.MAPPER.treeToValue(n.get("invocation"), Invocation.class)
                            : null;
            RunPlatform platform =
                    n.hasNonNull("platform")
                            ? Json.MAPPER.treeToValue(n.get("platform"), RunPlatform.class)
                            : null;
            return new RunManifest(
                    n.path("run_id").asText(),
                    n.path("exam_set").asText(),
                    n.path("runs").asInt(1),
                    n.path("predictions").asBoolean(false),
                    variants,
                    provenance,
                    invocation,
                    platform);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
