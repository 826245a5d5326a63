package dev.sqlexam.flink;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import org.apache.flink.api.common.functions.MapFunction;

/**
 * A record beside its JSON and its trace's, written once for both of its sinks: the exam log writes
 * the record's text as its line and exam.results stores both, instead of writing the record again.
 * Serialising was most of the sink thread's time in a large grade. (The server taking the trace out
 * of the record's JSON instead cost it 45% more CPU per row, measured.)
 */
public record SerializedRecord(ExamRecord record, String json, String traceJson) {

    public static SerializedRecord of(ExamRecord record) {
        return new SerializedRecord(record, Json.write(record), Json.write(record.trace()));
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
            stream.write(element.json().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            stream.write('\n');
        }
    }
}
