package dev.sqlexam.jobs.querylog;

import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.model.QueryLogEvent;
import dev.sqlexam.querylog.QueryLogParser;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The broker of {@code ./sqlexam kafka up} (which {@code ./sqlexam test} starts): query-log events
 * go through a topic and come back readable, each with its topic-partition and offset as its source
 * position; a bad record is rejected there.
 */
public class KafkaBrokerITCase {

    public static final String BOOTSTRAP =
            "127.0.0.1:" + System.getenv().getOrDefault("SQLEXAM_KAFKA_PORT", "59092");

    @Test
    void queryLogEventsRoundTripThroughTheTestBroker() throws Exception {
        String topic = "sqlexam-it-" + System.nanoTime();
        try (Admin admin =
                Admin.create(
                        Map.of("bootstrap.servers", BOOTSTRAP, "request.timeout.ms", "15000"))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        List<String> sent =
                new ArrayList<>(
                        Files.readAllLines(
                                        Home.resolve()
                                                .resolve("exam-sets/querylog/erp-synthetic.jsonl"))
                                .subList(0, 20));
        sent.add("{\"ts\": \"yesterday\"}");
        Properties producer = new Properties();
        producer.put("bootstrap.servers", BOOTSTRAP);
        producer.put("acks", "all");
        try (KafkaProducer<String, String> p =
                new KafkaProducer<>(producer, new StringSerializer(), new StringSerializer())) {
            for (String line : sent) p.send(new ProducerRecord<>(topic, line)).get();
        }
        Properties consumer = new Properties();
        consumer.put("bootstrap.servers", BOOTSTRAP);
        consumer.put("group.id", topic);
        consumer.put("auto.offset.reset", "earliest");
        QueryLogParser parser = new QueryLogParser();
        List<QueryLogEvent> events = new ArrayList<>();
        List<String> rejected = new ArrayList<>();
        try (KafkaConsumer<String, String> c =
                new KafkaConsumer<>(consumer, new StringDeserializer(), new StringDeserializer())) {
            c.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (events.size() + rejected.size() < sent.size() && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(500))) {
                    QueryLogParser.Parsed parsed =
                            parser.parse(r.topic() + "-" + r.partition(), r.offset(), r.value());
                    if (parsed.event() != null) events.add(parsed.event());
                    else
                        rejected.add(
                                parsed.rejected().source()
                                        + "@"
                                        + parsed.rejected().lineNumber()
                                        + ": "
                                        + parsed.rejected().reason());
                }
            }
        }
        assertThat(events).hasSize(20);
        assertThat(events.get(7).position()).isEqualTo(7);
        assertThat(events.get(7).source()).isEqualTo(topic + "-0");
        assertThat(rejected)
                .singleElement()
                .satisfies(
                        r -> assertThat(r).startsWith(topic + "-0@20: field 'ts' is not ISO-8601"));
    }
}
