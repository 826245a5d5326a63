package dev.sqlexam.retrieval;

import java.util.LinkedHashMap;
import java.util.Map;

/** Named stage timings in microseconds. */
final class Timer {
    private final Map<String, Long> micros = new LinkedHashMap<>();
    private long last = System.nanoTime();

    void lap(String stage) {
        long now = System.nanoTime();
        micros.merge(stage, (now - last) / 1_000, Long::sum);
        last = now;
    }

    Map<String, Long> micros() {
        return micros;
    }
}
