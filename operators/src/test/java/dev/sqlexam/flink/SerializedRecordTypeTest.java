package dev.sqlexam.flink;

import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SerializedRecordTypeTest {

    private final TypeSerializer<SerializedRecord> serializer =
            TypeInformation.of(SerializedRecord.class).createSerializer(new SerializerConfigImpl());

    @Test
    void flinkFindsTheTypeThroughTheAnnotationAndSharesInstancesInsteadOfCopying()
            throws IOException {
        assertThat(TypeInformation.of(SerializedRecord.class))
                .isInstanceOf(SerializedRecordType.Info.class);
        SerializedRecord r = SerializedRecord.of(goldenRecords().get(0));
        assertThat(serializer.isImmutableType()).isTrue();
        assertThat(serializer.copy(r)).isSameAs(r);
    }

    @Test
    void overTheNetworkARecordIsItsJsonAndComesBackEqual() throws Exception {
        List<ExamRecord> records = goldenRecords();
        assertThat(records).isNotEmpty();
        DataOutputSerializer out = new DataOutputSerializer(256);
        for (ExamRecord record : records) serializer.serialize(SerializedRecord.of(record), out);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        for (ExamRecord record : records) {
            SerializedRecord back = serializer.deserialize(in);
            assertThat(back.json()).isEqualTo(Json.write(record));
            assertThat(Json.write(back.record())).isEqualTo(back.json());
        }
        assertThat(in.available()).isZero();
        assertThat(serializer.snapshotConfiguration().restoreSerializer()).isSameAs(serializer);
    }

    /** Every record of the exam log's golden file (every field of real runs in them). */
    private static List<ExamRecord> goldenRecords() throws IOException {
        try (InputStream in =
                SerializedRecordTypeTest.class.getResourceAsStream("/golden/exam-log.jsonl")) {
            List<ExamRecord> out = new ArrayList<>();
            for (String line :
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList())
                if (!line.isBlank()) out.add(Json.MAPPER.readValue(line, ExamRecord.class));
            return out;
        }
    }
}
