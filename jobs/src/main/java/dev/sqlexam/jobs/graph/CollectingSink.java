package dev.sqlexam.jobs.graph;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What reaches this sink is collected in this JVM (the MiniCluster's), under the sink's own key:
 * for tests and benches.
 */
public final class CollectingSink<T> implements Sink<T> {

    private static final Map<String, List<Object>> COLLECTED = new ConcurrentHashMap<>();
    private final String key = UUID.randomUUID().toString();

    public CollectingSink() {
        COLLECTED.put(key, new CopyOnWriteArrayList<>());
    }

    @SuppressWarnings("unchecked")
    public List<T> collected() {
        return (List<T>) (List<?>) COLLECTED.get(key);
    }

    @Override
    public SinkWriter<T> createWriter(WriterInitContext context) {
        List<Object> into = COLLECTED.get(key);
        return new SinkWriter<>() {
            @Override
            public void write(T element, Context context) {
                into.add(element);
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public void close() {}
        };
    }
}
