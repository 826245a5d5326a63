package dev.sqlexam.jobs.watch;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.StateDatabase;
import dev.sqlexam.jobs.assembly.ComposedRun;
import dev.sqlexam.jobs.assembly.Golds;
import dev.sqlexam.jobs.assembly.RunComposer;
import dev.sqlexam.jobs.assembly.RunDefinition;
import dev.sqlexam.jobs.assembly.RunMode;
import dev.sqlexam.jobs.assembly.WatchSpecs;
import dev.sqlexam.jobs.graph.ExamIo;
import dev.sqlexam.jobs.graph.KafkaLines;
import dev.sqlexam.jobs.graph.WatchJob;
import dev.sqlexam.jobs.graph.WatchJobSpec;
import dev.sqlexam.jobs.graph.WatchSources;
import dev.sqlexam.jobs.graph.WatchSources.Input;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.jobs.runtime.JobShipping;
import dev.sqlexam.jobs.runtime.WatchCheckpoints;
import dev.sqlexam.jobs.runtime.WatchJobRunner;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * {@code watch}: a query log through the watch graph. {@code --replay FILE} is bounded: it ends,
 * and its outputs are merged into evaluations.jsonl, windows.jsonl, alerts.jsonl, rejected.jsonl
 * and late.jsonl. {@code --dir} and {@code --kafka} follow their source until stopped: outputs are
 * committed part by part on checkpoints into folders of those names, window rows and alerts are
 * upserted into watch.windows and watch.alerts, and the same command run again (same output folder)
 * resumes from the latest checkpoint.
 */
public final class WatchRun {

    static final List<String> OUTPUTS =
            List.of(
                    "evaluations",
                    "windows",
                    "alerts",
                    "rejected",
                    "late",
                    "shadow",
                    "shadow_disagreements");

    /**
     * The watch's id in the tables (null: the input's name), whether to forget a following watch's
     * checkpoints, and the shadow evaluation's variant file (null: none) with the share of events
     * it runs on.
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
    private RunComposer composer = RunComposer.standard();

    public WatchRun(Settings settings, Input input, Path outDir, Options options, PrintStream out) {
        this.settings = settings;
        this.input = input;
        this.outDir = outDir;
        this.watchId =
                options.name() == null || options.name().isBlank() ? input.label() : options.name();
        this.options = options;
        this.out = out;
    }

    public WatchRun(
            Settings settings, WatchSource source, Path outDir, Options options, PrintStream out) {
        this(settings, source.input(), outDir, options, out);
    }

    /** Sets the shadow up with {@code setup} instead of sqlexam's standard composer. */
    public WatchRun composedBy(RunComposer setup) {
        this.composer = setup;
        return this;
    }

    /** The job's name on a cluster (one following watch of an input at a time). */
    public String jobName() {
        return WatchJob.jobName(input.label());
    }

    public void run(FlinkTarget target) throws Exception {
        validate();
        Path checkpoints = WatchCheckpoints.folderFor(settings, outDir);
        Path parts = input.bounded() ? outDir.resolve(".parts") : outDir;
        Path restore = prepareOutputs(parts, checkpoints);
        WatchJobRunner runner = new WatchJobRunner(target, checkpoints, restore);
        JobShipping shipping = runner.shipping();
        Set<String> named = namedDatabases();
        // the watch's own setup (migrations, probe, who reads, the index its retrieval check
        // reads);
        // a shadow is composed as a run of its own below
        ComposedRun watch =
                composer.compose(
                        RunDefinition.of(
                                        RunMode.WATCH,
                                        settings,
                                        List.of(Variant.DEFAULT),
                                        named,
                                        Golds.none())
                                .shippedAs(shipping),
                        out);
        StateDatabase state = watch.state();
        WatchJobSpec spec =
                WatchSpecs.spec(
                        settings,
                        input.label(),
                        shipping,
                        watch.preflight().reader(),
                        watch.server().database());
        if (options.shadowVariant() != null)
            spec =
                    spec.toBuilder()
                            .shadow(
                                    ShadowPlan.of(
                                            composer,
                                            settings,
                                            options.shadowVariant(),
                                            options.shadowRate(),
                                            "shadow-" + watchId,
                                            named,
                                            shipping,
                                            out))
                            .build();
        String tables = shipping.state(state).url();
        WatchJob.Sinks sinks = runner.sinks(parts, tables, watchId);
        if (input.kafka() != null) KafkaLines.ensureTopic(input.kafka(), input.topic());

        out.printf(
                "[sqlexam] watch %s as '%s'%s on %s: windows of %d s, alerts from %d rule(s), outputs in %s, tables watch.windows and "
                        + "watch.alerts%n",
                input.label(),
                watchId,
                input.bounded()
                        ? " (replay)"
                        : " (following; Ctrl-C stops, the same command resumes)",
                shipping.ships() ? "a Flink cluster" : "an in-process MiniCluster",
                spec.eventTime().window().toSeconds(),
                spec.alerts().rules().size(),
                outDir);
        if (restore != null) out.println("[sqlexam] resuming from checkpoint " + restore);
        long start = System.nanoTime();
        ExamIo.Lines source =
                input.replay() != null
                        ? shipping.lines(input.replay(), "query log")
                        : WatchSources.lines(input);
        Long rejectedEvents =
                runner.run(
                        new WatchJob(source, sinks, spec),
                        settings.get(SqlExamOptions.PARALLELISM),
                        settings.get(SqlExamOptions.CHECKPOINT_INTERVAL_MS),
                        out);
        if (input.bounded()) {
            summarize(parts, rejectedEvents, start);
            if (!RunOutputs.deleteScratch(checkpoints))
                out.println(
                        "[sqlexam] note: the replay's checkpoint folder "
                                + checkpoints
                                + " could not be removed; the next replay clears it");
        }
    }

    /**
     * The databases the input names, when they can be known before it runs (a file, a folder's
     * present files); read once.
     */
    private Set<String> namedDatabases() {
        Set<String> named = new TreeSet<>();
        try {
            if (input.replay() != null) named.addAll(ExamSetFiles.databasesNamedIn(input.replay()));
            if (input.dir() != null) {
                try (Stream<Path> files = Files.list(input.dir())) {
                    for (Path f :
                            files.filter(Files::isRegularFile)
                                    .filter(f -> !f.getFileName().toString().startsWith("."))
                                    .toList()) {
                        named.addAll(ExamSetFiles.databasesNamedIn(f));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read " + (input.replay() != null ? input.replay() : input.dir()), e);
        }
        return named;
    }

    private void validate() {
        if (input.replay() != null && !Files.isRegularFile(input.replay()))
            throw new IllegalArgumentException("not a file: " + input.replay());
        if (input.dir() != null && !Files.isDirectory(input.dir()))
            throw new IllegalArgumentException("not a folder: " + input.dir());
        if (input.kafka() != null && (input.topic() == null || input.topic().isBlank())) {
            throw new IllegalArgumentException("--kafka needs --topic");
        }
    }

    /**
     * The checkpoint to resume from, after clearing what a fresh start or a replay must not keep.
     */
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
            throw new IllegalStateException(
                    "the output folder "
                            + outDir
                            + " holds a watch's outputs but no checkpoint to resume from ("
                            + checkpoints
                            + "): add --fresh to start over, or give another --out");
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

    private void summarize(Path parts, Long bad, long start) {
        long evaluations =
                RunOutputs.mergeJsonLines(
                        parts.resolve("evaluations"),
                        outDir.resolve("evaluations.jsonl"),
                        BY_POSITION);
        long windows =
                RunOutputs.mergeJsonLines(
                        parts.resolve("windows"), outDir.resolve("windows.jsonl"), BY_WINDOW);
        long alerts =
                RunOutputs.mergeJsonLines(
                        parts.resolve("alerts"), outDir.resolve("alerts.jsonl"), BY_WINDOW);
        long rejected =
                RunOutputs.mergeJsonLines(
                        parts.resolve("rejected"),
                        outDir.resolve("rejected.jsonl"),
                        RunOutputs.BY_LINE);
        long late =
                RunOutputs.mergeJsonLines(
                        parts.resolve("late"), outDir.resolve("late.jsonl"), BY_POSITION);
        long shadow =
                RunOutputs.mergeJsonLines(
                        parts.resolve("shadow"), outDir.resolve("shadow.jsonl"), BY_QUESTION);
        long disagreements =
                RunOutputs.mergeJsonLines(
                        parts.resolve("shadow_disagreements"),
                        outDir.resolve("shadow_disagreements.jsonl"),
                        BY_QUESTION);
        RunOutputs.deleteTree(parts);
        out.printf(
                "watch      %d event(s) evaluated, %d rejected, %d late, %d window row(s), %d alert(s) in %.1f s%n",
                evaluations,
                bad == null ? rejected : bad,
                late,
                windows,
                alerts,
                (System.nanoTime() - start) / 1e9);
        out.println("evaluations " + outDir.resolve("evaluations.jsonl"));
        out.println(
                "windows    "
                        + outDir.resolve("windows.jsonl")
                        + " (and table watch.windows, watch_id '"
                        + watchId
                        + "')");
        out.println("alerts     " + outDir.resolve("alerts.jsonl") + " (and table watch.alerts)");
        if (options.shadowVariant() != null) {
            out.printf(
                    "shadow     %d event(s) answered by %s, %d disagreement(s) with the app (%s) for labelling%n",
                    shadow,
                    options.shadowVariant().getFileName(),
                    disagreements,
                    outDir.resolve("shadow_disagreements.jsonl"));
        }
    }

    static final RunOutputs.LineOrder BY_POSITION =
            new RunOutputs.LineOrder(
                    Set.of("source", "position"),
                    Comparator.comparing((JsonNode n) -> n.path("source").asText())
                            .thenComparingLong(n -> n.path("position").asLong()));
    static final RunOutputs.LineOrder BY_QUESTION =
            new RunOutputs.LineOrder(
                    Set.of("question_id"),
                    Comparator.comparing((JsonNode n) -> n.path("question_id").asText()));
    static final RunOutputs.LineOrder BY_WINDOW =
            new RunOutputs.LineOrder(
                    Set.of("window_start_ms", "key_kind", "key", "rule"),
                    Comparator.comparingLong((JsonNode n) -> n.path("window_start_ms").asLong())
                            .thenComparing(n -> n.path("key_kind").asText())
                            .thenComparing(n -> n.path("key").asText())
                            .thenComparing(n -> n.path("rule").asText()));
}
