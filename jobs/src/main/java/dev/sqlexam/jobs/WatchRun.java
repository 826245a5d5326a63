package dev.sqlexam.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.Migrations;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.flink.ExamSinks;
import dev.sqlexam.pipeline.ExecutionSpec;
import dev.sqlexam.embedding.EmbeddingProviders;
import dev.sqlexam.flink.ParseQueryLog;
import dev.sqlexam.pipeline.RetrievalSpec;
import dev.sqlexam.retrieval.RetrievalConfig;
import dev.sqlexam.flink.WatchTables;
import dev.sqlexam.grading.Tolerance;
import dev.sqlexam.watch.AlertRules;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * {@code watch}: a query log through the watch graph. {@code --replay FILE} is bounded: it ends, and its outputs are
 * merged into evaluations.jsonl, windows.jsonl, alerts.jsonl, rejected.jsonl and late.jsonl. {@code --dir} and
 * {@code --kafka} follow their source until stopped: outputs are committed part by part on checkpoints into folders of
 * those names, window rows and alerts are upserted into watch.windows and watch.alerts, and the same command run again
 * (same output folder) resumes from the latest checkpoint.
 */
public final class WatchRun {

    static final List<String> OUTPUTS = List.of("evaluations", "windows", "alerts", "rejected", "late", "shadow", "shadow_disagreements");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** Where the events come from: a file read once, a folder followed, or a Kafka topic followed. */
    public record Input(Path replay, Path dir, String kafka, String topic, String group) {

        String label() {
            return replay != null ? replay.getFileName().toString() : dir != null ? dir.getFileName().toString() : topic;
        }

        boolean bounded() {
            return replay != null;
        }
    }

    /**
     * The watch's id in the tables (null: the input's name), whether to forget a following watch's checkpoints, and the
     * shadow evaluation's variant file (null: none) with the share of events it runs on.
     */
    public record Options(String name, boolean fresh, Path shadowVariant, double shadowRate) {
        public static Options defaults() {
            return new Options(null, false, null, 0);
        }
    }

    private final Settings settings;
    private final Input input;
    private final Path outDir;
    private final String watchId;
    private final Options options;
    private final PrintStream out;

    public WatchRun(Settings settings, Input input, Path outDir, Options options, PrintStream out) {
        this.settings = settings;
        this.input = input;
        this.outDir = outDir;
        this.watchId = options.name() == null || options.name().isBlank() ? input.label() : options.name();
        this.options = options;
        this.out = out;
    }

    /** The job's name on a cluster (one following watch of an input at a time). */
    public String jobName() {
        return WatchJob.jobName(input.label());
    }

    /** The default output folder: a following watch's is stable (so that running it again resumes), a replay's is new. */
    public static Path defaultOutDir(Input input, String stamp) {
        return Home.resolve().resolve("runs").resolve(input.bounded() ? "watch-" + stamp : "watch-" + input.label().replaceAll("[^A-Za-z0-9._-]", "_"));
    }

    public void run(Function<Configuration, StreamExecutionEnvironment> environments) throws Exception {
        validate();
        JdbcUrlTemplate admin = new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
        String control = settings.get(SqlExamOptions.RESULTS_DB);
        Set<String> named = namedDatabases();
        for (Migrations.Report r : Migrations.migrate(admin, Home.resolve().resolve("migrations"), sampleDatabases(named))) {
            if (r.note() != null) out.println("[sqlexam] migrations " + r.database() + ": " + r.note());
        }
        Path checkpoints = WatchCheckpoints.folderFor(settings, outDir);
        Path parts = input.bounded() ? outDir.resolve(".parts") : outDir;
        Path restore = prepareOutputs(parts, checkpoints);
        StreamExecutionEnvironment env = environments.apply(WatchCheckpoints.flinkConfiguration(checkpoints, restore));
        JobShipping shipping = JobShipping.of(env);

        WatchJob.Spec spec = spec(settings, input.label(), shipping);
        if (spec.retrieval() != null) {
            new IndexRun(admin, control, embeddings(settings), Home.resolve().resolve("migrations"), out)
                    .ensure(named, settings.get(SqlExamOptions.PARALLELISM), "its events are not retrieval-checked");
        }
        if (options.shadowVariant() != null) spec = spec.withShadow(ShadowPlan.of(settings, options.shadowVariant(), options.shadowRate(),
                "shadow-" + watchId, admin, control, spec.execution().reader(), named, shipping, out));
        String tables = shipping.url(admin, control).forDatabase(control);
        WatchJob.Sinks sinks = new WatchJob.Sinks(files(parts, "evaluations"), files(parts, "windows"), files(parts, "alerts"),
                files(parts, "rejected"), files(parts, "late"), WatchTables.windows(tables, watchId, 3), WatchTables.alerts(tables, watchId, 3),
                shipping.ships() ? WatchJob.Console.CLIENT : WatchJob.Console.STDOUT, files(parts, "shadow"), files(parts, "shadow_disagreements"));
        if (input.kafka() != null) KafkaLines.ensureTopic(input.kafka(), input.topic());

        env.setParallelism(settings.get(SqlExamOptions.PARALLELISM));
        env.enableCheckpointing(settings.get(SqlExamOptions.CHECKPOINT_INTERVAL_MS));
        out.printf("[sqlexam] watch %s as '%s'%s on %s: windows of %d s, alerts from %d rule(s), outputs in %s, tables watch.windows and "
                + "watch.alerts%n", input.label(), watchId, input.bounded() ? " (replay)" : " (following; Ctrl-C stops, the same command resumes)",
                shipping.ships() ? "a Flink cluster" : "an in-process MiniCluster", spec.window().toSeconds(), spec.alerts().rules().size(), outDir);
        if (restore != null) out.println("[sqlexam] resuming from checkpoint " + restore);
        long start = System.nanoTime();
        ExamIo.Lines source = input.replay() != null ? shipping.lines(input.replay(), "query log") : WatchSources.lines(input);
        WatchJob.Running running = new WatchJob(source, sinks, spec).start(env);
        JobExecutionResult result;
        try (ClientJob job = ClientJob.follow(running.client(), running.console(), shipping, out)) {
            result = job.result();
        }
        if (input.bounded()) {
            summarize(parts, result, start);
            RunOutputs.deleteTree(checkpoints);
        }
    }

    /** The watch graph's settings: evaluation as the read-only role, windows, alert rules. */
    public static WatchJob.Spec spec(Settings settings, String label) {
        return spec(settings, label, JobShipping.LOCAL);
    }

    /** The same, with what the workers need carried as {@code shipping} says. */
    static WatchJob.Spec spec(Settings settings, String label, JobShipping shipping) {
        JdbcUrlTemplate admin = new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
        String control = settings.get(SqlExamOptions.RESULTS_DB);
        ReaderAccess reader = shipping.reader(ReaderAccess.resolve(admin, control,
                settings.get(SqlExamOptions.READER_PASSWORD).isBlank() ? null : settings.get(SqlExamOptions.READER_PASSWORD)), control);
        int capacity = settings.get(SqlExamOptions.ASYNC_CAPACITY);
        ExecutionSpec execution = new ExecutionSpec(reader, settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS), settings.get(SqlExamOptions.ROW_CAP),
                Tolerance.from(settings), capacity, false, 0, null, ConnectionPolicy.from(settings));
        return new WatchJob.Spec(label, execution, settings.get(SqlExamOptions.MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS),
                Duration.ofMillis(settings.get(SqlExamOptions.WATCH_WINDOW_MS)), Duration.ofMillis(settings.get(SqlExamOptions.WATCH_OUT_OF_ORDERNESS_MS)),
                Duration.ofMillis(settings.get(SqlExamOptions.WATCH_ALLOWED_LATENESS_MS)), capacity, settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS),
                alertRules(settings), settings.get(SqlExamOptions.WATCH_RETRIEVAL_CHECK)
                        ? retrievalSpec(settings, shipping.url(admin, control), capacity, shipping) : null,
                settings.get(SqlExamOptions.WATCH_RETRIEVAL_SAMPLE_RATE), null);
    }

    /** Retrieval as the exam's default variant would run it, for the retrieval check. */
    static RetrievalSpec retrievalSpec(Settings settings, JdbcUrlTemplate admin, int poolSize, JobShipping shipping) {
        EmbeddingProviders embeddings = embeddings(settings);
        int dimensions;
        try (var provider = embeddings.create()) {
            dimensions = provider.dimensions();
        } catch (Exception e) {
            throw new IllegalStateException("cannot load the embedding model " + embeddings.modelName() + " for the retrieval check: " + e.getMessage()
                    + " (--set watch_retrieval_check=false runs without it)", e);
        }
        return new RetrievalSpec(admin, settings.get(SqlExamOptions.RESULTS_DB), embeddings, dimensions, RetrievalConfig.from(settings),
                shipping.migrations(Home.resolve().resolve("migrations")), poolSize, ConnectionPolicy.from(settings));
    }

    static EmbeddingProviders embeddings(Settings settings) {
        return new EmbeddingProviders(settings.get(SqlExamOptions.EMBEDDING_PROVIDER), settings.get(SqlExamOptions.OLLAMA_URL),
                settings.get(SqlExamOptions.OLLAMA_EMBED_MODEL));
    }

    /** The databases the input names, when they can be known before it runs (a file, a folder's present files); read once. */
    private Set<String> namedDatabases() {
        Set<String> named = new java.util.TreeSet<>();
        try {
            if (input.replay() != null) named.addAll(ExamSetFiles.databasesIn(input.replay()));
            if (input.dir() != null) {
                try (Stream<Path> files = Files.list(input.dir())) {
                    for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith(".")).toList()) {
                        named.addAll(ExamSetFiles.databasesIn(f));
                    }
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + (input.replay() != null ? input.replay() : input.dir()), e);
        }
        return named;
    }

    private static <T> org.apache.flink.connector.file.sink.FileSink<T> files(Path parts, String name) {
        return ExamSinks.jsonLines(parts.resolve(name).toAbsolutePath().toUri().toString(), name);
    }

    private void validate() {
        if (input.replay() != null && !Files.isRegularFile(input.replay())) throw new IllegalArgumentException("not a file: " + input.replay());
        if (input.dir() != null && !Files.isDirectory(input.dir())) throw new IllegalArgumentException("not a folder: " + input.dir());
        if (input.kafka() != null && (input.topic() == null || input.topic().isBlank())) {
            throw new IllegalArgumentException("--kafka needs --topic");
        }
    }

    /**
     * The sample databases (erp, demo) to create: all of them on sqlexam's own private cluster, on a user's server only
     * those the input names.
     */
    private Predicate<String> sampleDatabases(Set<String> named) {
        if (settings.get(SqlExamOptions.JDBC_URL).equals(SqlExamOptions.JDBC_URL.defaultValue())) return name -> true;
        return named::contains;
    }

    /** The checkpoint to resume from, after clearing what a fresh start or a replay must not keep. */
    private Path prepareOutputs(Path parts, Path checkpoints) throws IOException {
        if (input.bounded()) {
            RunOutputs.deleteTree(parts);
            RunOutputs.deleteTree(checkpoints);
        } else if (options.fresh()) {
            for (String o : OUTPUTS) RunOutputs.deleteTree(parts.resolve(o));
            RunOutputs.deleteTree(checkpoints);
        }
        Files.createDirectories(outDir);
        Path latest = input.bounded() ? null : WatchCheckpoints.latest(checkpoints).orElse(null);
        if (latest == null && !input.bounded() && hasCommittedOutput(parts)) {
            throw new IllegalStateException("the output folder " + outDir + " holds a watch's outputs but no checkpoint to resume from ("
                    + checkpoints + "): add --fresh to start over, or give another --out");
        }
        return latest;
    }

    private static boolean hasCommittedOutput(Path parts) throws IOException {
        for (String o : OUTPUTS) {
            if (!Files.isDirectory(parts.resolve(o))) continue;
            try (Stream<Path> files = Files.list(parts.resolve(o))) {
                if (files.anyMatch(f -> !f.getFileName().toString().startsWith("."))) return true;
            }
        }
        return false;
    }

    static AlertRules alertRules(Settings settings) {
        String configured = settings.get(SqlExamOptions.WATCH_ALERT_RULES);
        if (configured.isBlank()) return AlertRules.none();
        Path file = Home.resolve().resolve(configured);
        try {
            return AlertRules.from(YAML.readTree(Files.readString(file)), file.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the alert rules " + file + ": " + e.getMessage(), e);
        }
    }

    private void summarize(Path parts, JobExecutionResult result, long start) {
        long evaluations = RunOutputs.mergeJsonLines(parts.resolve("evaluations"), outDir.resolve("evaluations.jsonl"), BY_POSITION);
        long windows = RunOutputs.mergeJsonLines(parts.resolve("windows"), outDir.resolve("windows.jsonl"), BY_WINDOW);
        long alerts = RunOutputs.mergeJsonLines(parts.resolve("alerts"), outDir.resolve("alerts.jsonl"), BY_WINDOW);
        long rejected = RunOutputs.mergeJsonLines(parts.resolve("rejected"), outDir.resolve("rejected.jsonl"), RunOutputs.BY_LINE);
        long late = RunOutputs.mergeJsonLines(parts.resolve("late"), outDir.resolve("late.jsonl"), BY_POSITION);
        long shadow = RunOutputs.mergeJsonLines(parts.resolve("shadow"), outDir.resolve("shadow.jsonl"), BY_QUESTION);
        long disagreements = RunOutputs.mergeJsonLines(parts.resolve("shadow_disagreements"), outDir.resolve("shadow_disagreements.jsonl"),
                BY_QUESTION);
        RunOutputs.deleteTree(parts);
        Long bad = result.getAccumulatorResult(ParseQueryLog.REJECTED_COUNTER);
        out.printf("watch      %d event(s) evaluated, %d rejected, %d late, %d window row(s), %d alert(s) in %.1f s%n", evaluations,
                bad == null ? rejected : bad, late, windows, alerts, (System.nanoTime() - start) / 1e9);
        out.println("evaluations " + outDir.resolve("evaluations.jsonl"));
        out.println("windows    " + outDir.resolve("windows.jsonl") + " (and table watch.windows, watch_id '" + watchId + "')");
        out.println("alerts     " + outDir.resolve("alerts.jsonl") + " (and table watch.alerts)");
        if (options.shadowVariant() != null) {
            out.printf("shadow     %d event(s) answered by %s, %d disagreement(s) with the app (%s) for labelling%n", shadow,
                    options.shadowVariant().getFileName(), disagreements, outDir.resolve("shadow_disagreements.jsonl"));
        }
    }

    static final Comparator<JsonNode> BY_POSITION = Comparator.comparing((JsonNode n) -> n.path("source").asText())
            .thenComparingLong(n -> n.path("position").asLong());
    static final Comparator<JsonNode> BY_QUESTION = Comparator.comparing((JsonNode n) -> n.path("question_id").asText());
    static final Comparator<JsonNode> BY_WINDOW = Comparator.comparingLong((JsonNode n) -> n.path("window_start_ms").asLong())
            .thenComparing(n -> n.path("key_kind").asText()).thenComparing(n -> n.path("key").asText())
            .thenComparing(n -> n.path("rule").asText());
}
