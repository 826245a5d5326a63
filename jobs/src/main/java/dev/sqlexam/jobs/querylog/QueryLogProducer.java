package dev.sqlexam.jobs.querylog;

import dev.sqlexam.jobs.graph.KafkaLines;
import dev.sqlexam.json.Json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Query-log lines into a Kafka topic, one record each: as fast as the broker takes them or at a
 * rate, optionally with each event's {@code ts} set to the moment it is sent (a live stream for
 * {@code watch}). Lines that are not JSON objects are sent as they are: rejecting them is the
 * watch's job.
 */
public final class QueryLogProducer implements AutoCloseable {

    private final KafkaProducer<String, String> producer;
    private final String topic;

    public QueryLogProducer(String bootstrap, String topic) {
        KafkaLines.ensureTopic(bootstrap, topic);
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("acks", "all");
        p.put("linger.ms", "5");
        this.producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
        this.topic = topic;
    }

    /**
     * Sends {@code lines} at {@code perSecond} (0: unpaced) and waits until the broker has them
     * all; returns how many.
     */
    public long send(List<String> lines, double perSecond, boolean stampNow)
            throws InterruptedException {
        long start = System.nanoTime();
        long sent = 0;
        Future<RecordMetadata> last = null;
        for (String line : lines) {
            if (line.isBlank()) continue;
            if (perSecond > 0) {
                long due = start + (long) (sent * 1e9 / perSecond);
                long wait = due - System.nanoTime();
                if (wait > 0) TimeUnit.NANOSECONDS.sleep(wait);
            }
            last =
                    producer.send(
                            new ProducerRecord<>(
                                    topic,
                                    stampNow ? stamped(line, System.currentTimeMillis()) : line));
            sent++;
        }
        producer.flush();
        if (last != null) {
            try {
                last.get(30, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException(
                        "the broker did not take the events sent to topic "
                                + topic
                                + ": "
                                + e.getMessage(),
                        e);
            }
        }
        return sent;
    }

    static String stamped(String line, long nowMs) {
        // not a JSON event: sent as it is, the watch rejects it with the reason
        if (!(Json.treeOrNull(line) instanceof ObjectNode o)) return line;
        o.put("ts", Instant.ofEpochMilli(nowMs).toString());
        return o.toString();
    }

    @Override
    public void close() {
        producer.close();
    }
}
