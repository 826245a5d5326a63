package dev.sqlexam.jobs.graph;

import dev.sqlexam.flink.ExamSinks;
import dev.sqlexam.flink.NumberedLinesFormat;
import dev.sqlexam.flink.SerializedRecord;
import dev.sqlexam.model.NumberedLine;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.Serializable;

/**
 * Where a job's lines come from (the watch's) and where an exam job's records go, so that runs and
 * tests wire the same graph.
 */
public final class ExamIo {

    private ExamIo() {}

    /** The exam set's lines, numbered from 1. */
    @FunctionalInterface
    public interface Lines extends Serializable {
        DataStream<NumberedLine> open(StreamExecutionEnvironment env);

        /** The lines read by one reader whose state a restored job finds under {@code uid}. */
        default DataStream<NumberedLine> openAs(StreamExecutionEnvironment env, String uid) {
            DataStream<NumberedLine> lines = open(env);
            if (lines instanceof SingleOutputStreamOperator<NumberedLine> op)
                op.uid(uid).setParallelism(1);
            return lines;
        }

        /** A JSONL file (any Flink file system path), read by Flink's FileSource. */
        static Lines file(String path) {
            return env ->
                    env.fromSource(
                            FileSource.forRecordStreamFormat(
                                            new NumberedLinesFormat(), new Path(path))
                                    .build(),
                            WatermarkStrategy.noWatermarks(),
                            "exam-set");
        }
    }

    /** The exam log and the results table; either may be left out (null). */
    public record Sinks(Sink<SerializedRecord> examLog, Sink<SerializedRecord> results) {

        /**
         * A run's own: JSONL parts under {@code partsDir} (exactly once) and the exam.results
         * upsert.
         */
        public static Sinks of(String partsDir, String resultsJdbcUrl) {
            return new Sinks(
                    ExamSinks.examLog(partsDir + "/exam-log", "exam-log"),
                    ExamSinks.resultsTable(resultsJdbcUrl));
        }
    }
}
