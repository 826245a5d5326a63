package dev.sqlexam.jobs.graph;

import dev.sqlexam.flink.NumberedLinesFormat;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.file.src.FileSource;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The watch's source of lines: a file read once, a folder monitored for new files, or a Kafka topic
 * from the group's offsets.
 */
public final class WatchSources {

    static final Duration FOLDER_SCAN = Duration.ofSeconds(1);

    private WatchSources() {}

    /**
     * Where the events come from: a file read once, a folder followed, or a Kafka topic followed.
     */
    public record Input(Path replay, Path dir, String kafka, String topic, String group) {

        /** The input's name: the file's, the folder's or the topic's. */
        public String label() {
            return replay != null
                    ? replay.getFileName().toString()
                    : dir != null ? dir.getFileName().toString() : topic;
        }

        public boolean bounded() {
            return replay != null;
        }
    }

    /**
     * The lines of the files that appear in {@code folder}, looked for every {@code scan}, until
     * the job stops.
     */
    public static ExamIo.Lines folder(Path folder, Duration scan) {
        org.apache.flink.core.fs.Path dir =
                new org.apache.flink.core.fs.Path(folder.toAbsolutePath().toUri());
        return e ->
                e.fromSource(
                        FileSource.forRecordStreamFormat(new NumberedLinesFormat(), dir)
                                .monitorContinuously(scan)
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        "query-log folder");
    }

    public static ExamIo.Lines lines(Input input) {
        if (input.replay() != null)
            return ExamIo.Lines.file(input.replay().toAbsolutePath().toUri().toString());
        if (input.dir() != null) return folder(input.dir(), FOLDER_SCAN);
        String group = input.group() != null ? input.group() : "sqlexam-watch";
        return e ->
                e.fromSource(
                        KafkaLines.source(input.kafka(), input.topic(), group, false),
                        WatermarkStrategy.noWatermarks(),
                        "query-log topic " + input.topic());
    }
}
