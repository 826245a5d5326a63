package dev.sqlexam.jobs.graph;

import dev.sqlexam.model.NumberedLine;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.errors.TopicExistsException;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Kafka records as numbered lines: the value as UTF-8 text, the offset as position, topic-partition
 * as source.
 */
public final class KafkaLines implements KafkaRecordDeserializationSchema<NumberedLine> {

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<NumberedLine> out) {
        String text =
                record.value() == null ? "" : new String(record.value(), StandardCharsets.UTF_8);
        out.collect(
                new NumberedLine(record.offset(), text, record.topic() + "-" + record.partition()));
    }

    @Override
    public TypeInformation<NumberedLine> getProducedType() {
        return TypeInformation.of(NumberedLine.class);
    }

    /**
     * A source of {@code topic} from the group's committed offsets (the earliest when it has none);
     * bounded at the latest when asked.
     */
    public static KafkaSource<NumberedLine> source(
            String bootstrap, String topic, String group, boolean bounded) {
        var builder =
                KafkaSource.<NumberedLine>builder()
                        .setBootstrapServers(bootstrap)
                        .setTopics(topic)
                        .setGroupId(group)
                        .setStartingOffsets(
                                OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST))
                        .setDeserializer(new KafkaLines());
        if (bounded) builder.setBounded(OffsetsInitializer.latest());
        return builder.build();
    }

    /**
     * Creates {@code topic} (one partition, replication 1) unless the broker has it; a clear error
     * when the broker cannot be reached.
     */
    public static void ensureTopic(String bootstrap, String topic) {
        try (Admin admin =
                Admin.create(
                        Map.of(
                                "bootstrap.servers",
                                bootstrap,
                                "request.timeout.ms",
                                "10000",
                                "default.api.timeout.ms",
                                "15000"))) {
            if (admin.listTopics().names().get(20, TimeUnit.SECONDS).contains(topic)) return;
            try {
                admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1)))
                        .all()
                        .get(20, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) throw e;
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(
                    "cannot reach the Kafka broker at "
                            + bootstrap
                            + " to find or create topic '"
                            + topic
                            + "': "
                            + (e.getCause() == null ? e : e.getCause()).getMessage()
                            + " (./sqlexam kafka up starts one on 127.0.0.1)",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while finding topic " + topic, e);
        }
    }
}
