package dev.sqlexam.jobs.run;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What a run's result depends on beyond its options, recorded in run.json so that runs can be
 * reproduced and told apart: sqlexam's version and commit, the input files' SHA-256, the server's
 * version and extensions, each database's schema and data fingerprints, the embedding model and
 * each database's index fingerprint, each variant's generator (endpoint, model), the prompt
 * templates' hashes, the grader's version, and every option (secrets hidden).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Provenance(
        String sqlexamVersion,
        String sqlexamCommit,
        String examSetSha256,
        Map<String, String> predictionsSha256,
        String serverVersion,
        List<String> serverExtensions,
        Map<String, DatabaseFingerprint> databases,
        String embeddingModel,
        Map<String, String> indexFingerprints,
        Map<String, String> generators,
        Map<String, String> promptTemplates,
        String graderVersion,
        Map<String, Object> options) {

    /**
     * Bumped when grading decides differently for the same results (comparison rules, tolerances'
     * meaning, reasons).
     */
    public static final String GRADER_VERSION = "3";

    /** Builds a run's provenance: null (left out of run.json) where not set. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link Provenance} by its fields' names. */
    public static final class Builder {
        private String sqlexamVersion;
        private String sqlexamCommit;
        private String examSetSha256;
        private Map<String, String> predictionsSha256;
        private String serverVersion;
        private List<String> serverExtensions;
        private Map<String, DatabaseFingerprint> databases;
        private String embeddingModel;
        private Map<String, String> indexFingerprints;
        private Map<String, String> generators;
        private Map<String, String> promptTemplates;
        private String graderVersion;
        private Map<String, Object> options;

        private Builder() {}

        public Builder sqlexam(String version, String commit) {
            sqlexamVersion = version;
            sqlexamCommit = commit;
            return this;
        }

        public Builder inputs(String examSetSha256, Map<String, String> predictionsSha256) {
            this.examSetSha256 = examSetSha256;
            this.predictionsSha256 = predictionsSha256;
            return this;
        }

        public Builder server(String version, List<String> extensions) {
            serverVersion = version;
            serverExtensions = extensions;
            return this;
        }

        public Builder databases(Map<String, DatabaseFingerprint> value) {
            databases = value;
            return this;
        }

        public Builder embedding(String model, Map<String, String> indexFingerprints) {
            embeddingModel = model;
            this.indexFingerprints = indexFingerprints;
            return this;
        }

        public Builder generators(Map<String, String> value) {
            generators = value;
            return this;
        }

        public Builder promptTemplates(Map<String, String> value) {
            promptTemplates = value;
            return this;
        }

        public Builder graderVersion(String value) {
            graderVersion = value;
            return this;
        }

        public Builder options(Map<String, Object> value) {
            options = value;
            return this;
        }

        public Provenance build() {
            return new Provenance(
                    sqlexamVersion,
                    sqlexamCommit,
                    examSetSha256,
                    predictionsSha256,
                    serverVersion,
                    serverExtensions,
                    databases,
                    embeddingModel,
                    indexFingerprints,
                    generators,
                    promptTemplates,
                    graderVersion,
                    options);
        }
    }

    /**
     * One database as the run saw it. {@code schema}: SHA-256 of its tables, columns, types and
     * constraints. {@code data}: SHA-256 of each table's row count ({@code dataMethod} says how
     * they were counted).
     */
    public record DatabaseFingerprint(String schema, String data, String dataMethod) {}

    /**
     * What differs between the run this describes ({@code a}) and {@code b}, most consequential
     * first; empty when nothing.
     */
    public static List<String> differences(Provenance a, Provenance b) {
        List<String> out = new ArrayList<>();
        if (a == null || b == null) {
            if (a != b)
                out.add(
                        "one run records no provenance (written by an older sqlexam): what it ran on is unknown");
            return out;
        }
        differ(
                out,
                a.examSetSha256,
                b.examSetSha256,
                "the exam set differs (SHA-256): the questions or golds are not the same");
        differ(out, a.predictionsSha256, b.predictionsSha256, "the predictions files differ");
        for (String db : union(a.databases, b.databases)) {
            DatabaseFingerprint x = a.databases == null ? null : a.databases.get(db);
            DatabaseFingerprint y = b.databases == null ? null : b.databases.get(db);
            if (x == null || y == null) out.add("database " + db + " is in one run only");
            else {
                differ(out, x.schema(), y.schema(), "database " + db + ": the schema differs");
                differ(
                        out,
                        x.data(),
                        y.data(),
                        "database " + db + ": the data differs (row counts): results may differ");
            }
        }
        differ(
                out,
                a.graderVersion,
                b.graderVersion,
                "the grader's version differs: the same results may be graded differently");
        differ(
                out,
                a.embeddingModel,
                b.embeddingModel,
                "the embedding model differs: retrieval differs");
        for (String db : union(a.indexFingerprints, b.indexFingerprints)) {
            differ(
                    out,
                    get(a.indexFingerprints, db),
                    get(b.indexFingerprints, db),
                    "the index of " + db + " differs: retrieval scores may differ");
        }
        differ(out, a.generators, b.generators, "the generators differ (endpoint or model)");
        differ(out, a.promptTemplates, b.promptTemplates, "the prompt templates differ");
        differ(out, a.serverVersion, b.serverVersion, "the server's version differs");
        differ(out, a.serverExtensions, b.serverExtensions, "the server's extensions differ");
        differ(
                out,
                a.sqlexamCommit,
                b.sqlexamCommit,
                "sqlexam's commit differs (" + a.sqlexamCommit + " vs " + b.sqlexamCommit + ")");
        for (String key : union(a.options, b.options)) {
            differ(
                    out,
                    optionValue(a.options, key),
                    optionValue(b.options, key),
                    "option "
                            + key
                            + " differs: "
                            + get(a.options, key)
                            + " vs "
                            + get(b.options, key));
        }
        return out;
    }

    /**
     * How {@code generators} describes a variant's model server ({@code openai URL model NAME});
     * any other generator is its name alone.
     */
    public static String generatorDescription(String name, String url, String model) {
        return name + " " + url + " model " + model;
    }

    /** The generator's name in a {@link #generatorDescription}. */
    public static String generatorName(String description) {
        return description.split(" ", 2)[0];
    }

    /** The provenance a run folder's run.json records (null: none, or no run.json). */
    public static Provenance of(Path runDir) {
        return Files.isRegularFile(runDir.resolve("run.json"))
                ? RunManifest.read(runDir).provenance()
                : null;
    }

    /**
     * Prints what differs between {@code a} and {@code b} ({@code where}: "between the runs"),
     * before any statistics.
     */
    public static void print(Provenance a, Provenance b, String where, PrintStream out) {
        List<String> differences = differences(a, b);
        if (differences.isEmpty()) {
            out.println(
                    "provenance same inputs, databases, index, generators and versions " + where);
            return;
        }
        out.println(
                "provenance what differs " + where + " (figures may differ for these reasons):");
        for (String d : differences) out.println("  - " + d);
    }

    private static void differ(List<String> out, Object a, Object b, String message) {
        if (!Objects.equals(a, b)) out.add(message);
    }

    /**
     * An option's value as text: run.json gives back {@code 2000} as an Integer where the run held
     * a Long, and the two are the same setting.
     */
    private static String optionValue(Map<String, Object> options, String key) {
        Object value = get(options, key);
        return value == null ? null : value.toString();
    }

    private static <V> V get(Map<String, V> map, String key) {
        return map == null ? null : map.get(key);
    }

    private static TreeSet<String> union(Map<String, ?> a, Map<String, ?> b) {
        TreeSet<String> keys = new TreeSet<>();
        if (a != null) keys.addAll(a.keySet());
        if (b != null) keys.addAll(b.keySet());
        return keys;
    }
}
