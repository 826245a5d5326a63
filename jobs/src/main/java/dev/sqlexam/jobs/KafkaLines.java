package dev.sqlexam.jobs;

import dev.sqlexam.flink.NumberedLine;
import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;

/** Kafka records as numbered lines: the value as UTF-8 text, the offset as position, topic-partition as source. */
public final class KafkaLines implements KafkaRecordDeserializationSchema<NumberedLine> {

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<NumberedLine> out) {
        String text = record.value() == null ? "" : new String(record.value(), StandardCharsets.UTF_8);
        out.collect(new NumberedLine(record.offset(), text, record.topic() + "-" + record.partition()));
    }

    @Override
    public TypeInformation<NumberedLine> getProducedType() {
        return TypeInformation.of(NumberedLine.class);
    }

    /** A source of {@code topic} from the group's committed offsets (the earliest when it has none); bounded at the latest when asked. */
    public static KafkaSource<NumberedLine> source(String bootstrap, String topic, String group, boolean bounded) {
        var builder = KafkaSource.<NumberedLine>builder().setBootstrapServers(bootstrap).setTopics(topic).setGroupId(group)
                .setStartingOffsets(OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST)).setDeserializer(new KafkaLines());
        if (bounded) builder.setBounded(OffsetsInitializer.latest());
        return builder.build();
    }
}
