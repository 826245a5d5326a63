package dev.sqlexam.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.flink.ExamSinks;
import dev.sqlexam.flink.ExecutionSpec;
import dev.sqlexam.flink.NumberedLinesFormat;
import dev.sqlexam.flink.ParseQueryLog;
import dev.sqlexam.grading.Tolerance;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * {@code watch}: a query log through the watch graph. {@code --replay FILE} is bounded (it ends, and its outputs are merged
 * into evaluations.jsonl, windows.jsonl, rejected.jsonl and late.jsonl); {@code --dir DIR} watches a folder for new
 * files until stopped, its outputs committed part by part on checkpoints.
 */
public final class WatchRun {

    /** Where the events come from: a file read once, a folder followed, or a Kafka topic followed. */
    public record Input(Path replay, Path dir, String kafka, String topic, String group) {

        String label() {
            return replay != null ? replay.getFileName().toString() : dir != null ? dir.getFileName().toString() : topic;
        }

        boolean bounded() {
            return replay != null;
        }
    }

    private final Settings settings;
    private final Input input;
    private final Path outDir;
    private final PrintStream out;

    public WatchRun(Settings settings, Input input, Path outDir, PrintStream out) {
        this.settings = settings;
        this.input = input;
        this.outDir = outDir;
        this.out = out;
    }

    public void run(StreamExecutionEnvironment env) throws Exception {
        if (input.replay() != null && !Files.isRegularFile(input.replay())) throw new IllegalArgumentException("not a file: " + input.replay());
        if (input.dir() != null && !Files.isDirectory(input.dir())) throw new IllegalArgumentException("not a folder: " + input.dir());
        if (input.kafka() != null && (input.topic() == null || input.topic().isBlank())) {
            throw new IllegalArgumentException("--kafka needs --topic");
        }
        JdbcUrlTemplate admin = new JdbcUrlTemplate(settings.get(SqlExamOptions.JDBC_URL));
        String control = settings.get(SqlExamOptions.RESULTS_DB);
        ReaderAccess reader = ReaderAccess.resolve(admin, control, settings.get(SqlExamOptions.READER_PASSWORD).isBlank() ? null
                : settings.get(SqlExamOptions.READER_PASSWORD));
        int capacity = settings.get(SqlExamOptions.ASYNC_CAPACITY);
        ExecutionSpec execution = new ExecutionSpec(reader, settings.get(SqlExamOptions.STATEMENT_TIMEOUT_MS), settings.get(SqlExamOptions.ROW_CAP),
                Tolerance.from(settings), capacity, false, 0,
                null, ConnectionPolicy.from(settings));
        WatchJob.Spec spec = new WatchJob.Spec(input.label(), execution,
                settings.get(SqlExamOptions.MULTI_CANDIDATE_EXPLAIN_TIMEOUT_MS), Duration.ofMillis(settings.get(SqlExamOptions.WATCH_WINDOW_MS)),
                Duration.ofMillis(settings.get(SqlExamOptions.WATCH_OUT_OF_ORDERNESS_MS)),
                Duration.ofMillis(settings.get(SqlExamOptions.WATCH_ALLOWED_LATENESS_MS)), capacity, settings.get(SqlExamOptions.ASYNC_TIMEOUT_MS));
        Path parts = outDir.resolve(".parts");
        RunOutputs.deleteTree(parts);
        Files.createDirectories(outDir);
        String p = parts.toAbsolutePath().toUri().toString();
        WatchJob.Sinks sinks = new WatchJob.Sinks(ExamSinks.jsonLines(p + "/evaluations", "evaluations"), ExamSinks.jsonLines(p + "/windows", "windows"),
                ExamSinks.jsonLines(p + "/rejected", "rejected"), ExamSinks.jsonLines(p + "/late", "late"));
        env.setParallelism(settings.get(SqlExamOptions.PARALLELISM));
        env.enableCheckpointing(settings.get(SqlExamOptions.CHECKPOINT_INTERVAL_MS));
        ExamIo.Lines lines = lines();
        out.printf("[sqlexam] watch %s%s: windows of %d s, outputs in %s%n", input.label(), input.bounded() ? " (replay)"
                : " (following; Ctrl-C stops)", spec.window().toSeconds(), outDir);
        long start = System.nanoTime();
        JobExecutionResult result = new WatchJob(lines, sinks, spec).start(env).getJobExecutionResult().get();
        long evaluations = RunOutputs.mergeJsonLines(parts.resolve("evaluations"), outDir.resolve("evaluations.jsonl"), BY_POSITION);
        long windows = RunOutputs.mergeJsonLines(parts.resolve("windows"), outDir.resolve("windows.jsonl"), BY_WINDOW);
        long rejected = RunOutputs.mergeJsonLines(parts.resolve("rejected"), outDir.resolve("rejected.jsonl"), RunOutputs.BY_LINE);
        long late = RunOutputs.mergeJsonLines(parts.resolve("late"), outDir.resolve("late.jsonl"), BY_POSITION);
        RunOutputs.deleteTree(parts);
        Long bad = result.getAccumulatorResult(ParseQueryLog.REJECTED_COUNTER);
        out.printf("watch      %d event(s) evaluated, %d rejected, %d late, %d window row(s) in %.1f s%n", evaluations, bad == null ? rejected : bad,
                late, windows, (System.nanoTime() - start) / 1e9);
        out.println("evaluations " + outDir.resolve("evaluations.jsonl"));
        out.println("windows    " + outDir.resolve("windows.jsonl"));
    }

    private ExamIo.Lines lines() {
        if (input.replay() != null) return ExamIo.Lines.file(input.replay().toAbsolutePath().toUri().toString());
        if (input.dir() != null) {
            org.apache.flink.core.fs.Path dir = new org.apache.flink.core.fs.Path(input.dir().toAbsolutePath().toUri());
            return e -> e.fromSource(FileSource.forRecordStreamFormat(new NumberedLinesFormat(), dir).monitorContinuously(Duration.ofSeconds(2))
                    .build(), WatermarkStrategy.noWatermarks(), "query-log folder");
        }
        String group = input.group() != null ? input.group() : "sqlexam-watch";
        return e -> e.fromSource(KafkaLines.source(input.kafka(), input.topic(), group, false), WatermarkStrategy.noWatermarks(),
                "query-log topic " + input.topic());
    }

    static final Comparator<JsonNode> BY_POSITION = Comparator.comparing((JsonNode n) -> n.path("source").asText())
            .thenComparingLong(n -> n.path("position").asLong());
    static final Comparator<JsonNode> BY_WINDOW = Comparator.comparingLong((JsonNode n) -> n.path("window_start_ms").asLong())
            .thenComparing(n -> n.path("key_kind").asText()).thenComparing(n -> n.path("key").asText());
}
