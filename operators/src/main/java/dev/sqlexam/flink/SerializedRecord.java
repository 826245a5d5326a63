package dev.sqlexam.flink;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import org.apache.flink.api.common.functions.MapFunction;

/**
 * A record beside its JSON, written once for both of its sinks: the exam log writes it as its line
 * and exam.results stores it, instead of writing the record again. Serialising was most of the sink
 * thread's time in a large grade. (exam.results also stores the trace's JSON, written there: a
 * missing prediction's record has no row. The server taking the trace out of the record's JSON
 * instead cost it more CPU per row: docs/benchmarks.md, "Behind the code's choices".)
 */
public record SerializedRecord(ExamRecord record, String json) {

    public static SerializedRecord of(ExamRecord record) {
        return new SerializedRecord(record, Json.write(record));
    }

    /** The map operator before the sinks. */
    public static final class Serialize implements MapFunction<ExamRecord, SerializedRecord> {
        @Override
        public SerializedRecord map(ExamRecord record) {
            return of(record);
        }
    }

    /** The exam log's encoder: the JSON as one line. */
    public static final class LineEncoder
            implements org.apache.flink.api.common.serialization.Encoder<SerializedRecord> {
        @Override
        public void encode(SerializedRecord element, java.io.OutputStream stream)
                throws java.io.IOException {
            // one write per line: the file sink's local stream is not buffered
            stream.write((element.json() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
