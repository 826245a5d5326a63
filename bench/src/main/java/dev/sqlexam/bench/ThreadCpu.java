package dev.sqlexam.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The CPU time this process's Java threads spent while a run went on, by kind of thread (a Flink
 * task's chain, a worker pool): where a figure's own CPU went. Threads are read every {@code
 * sampleMs}, so a thread that ends (a job's tasks) counts up to its last reading; the JIT's and the
 * collector's threads are not Java threads and are not in it, nor is the sampler itself.
 */
public final class ThreadCpu implements AutoCloseable {

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<Long, Long> atStart = new HashMap<>();
    private final Map<Long, Long> latest = new HashMap<>();
    private final Map<Long, String> names = new HashMap<>();
    private final boolean measurable;
    private final boolean enabledHere;
    private final Thread sampler;

    public ThreadCpu(long sampleMs) {
        measurable = threads.isThreadCpuTimeSupported();
        enabledHere = measurable && !threads.isThreadCpuTimeEnabled();
        if (enabledHere) threads.setThreadCpuTimeEnabled(true);
        read(atStart);
        sampler =
                new Thread(
                        () -> {
                            while (measurable && !Thread.currentThread().isInterrupted()) {
                                read(null);
                                try {
                                    Thread.sleep(sampleMs);
                                } catch (InterruptedException e) {
                                    // stopped: the flag stays set for the loop
                                    Thread.currentThread().interrupt();
                                }
                            }
                        },
                        "thread-cpu-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    private synchronized void read(Map<Long, Long> into) {
        if (!measurable) return;
        for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info == null || (sampler != null && info.getThreadId() == sampler.getId()))
                continue;
            long cpu = threads.getThreadCpuTime(info.getThreadId());
            if (cpu < 0) continue;
            (into != null ? into : latest).put(info.getThreadId(), cpu);
            names.put(info.getThreadId(), info.getThreadName());
        }
    }

    /**
     * Seconds of CPU per kind of thread since the start, the largest first; "other" sums the kinds
     * past {@code top}.
     */
    public synchronized Map<String, Double> secondsByKind(int top) {
        read(null);
        Map<String, Double> byKind = new HashMap<>();
        latest.forEach(
                (id, cpu) ->
                        byKind.merge(
                                kind(names.get(id)),
                                (cpu - atStart.getOrDefault(id, 0L)) / 1e9,
                                Double::sum));
        List<Map.Entry<String, Double>> sorted =
                byKind.entrySet().stream()
                        .filter(e -> e.getValue() > 0)
                        .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                        .toList();
        Map<String, Double> out = new LinkedHashMap<>();
        double other = 0;
        for (int i = 0; i < sorted.size(); i++) {
            if (i < top) out.put(sorted.get(i).getKey(), sorted.get(i).getValue());
            else other += sorted.get(i).getValue();
        }
        if (other > 0) out.put("other", other);
        return out;
    }

    /** "1.0 s split per file… (task), 0.7 s sqlexam-execute, …" of {@link #secondsByKind}. */
    public String describe(int top) {
        if (!measurable) return "not measured: this JVM does not time threads";
        return secondsByKind(top).entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "%.2f s %s", e.getValue(), e.getKey()))
                .collect(Collectors.joining(", "));
    }

    /**
     * A thread's kind: a Flink task's first operator and "(task)" (its subtask and attempt left
     * out), a pool's name without its numbers.
     */
    static String kind(String name) {
        if (name == null) return "?";
        String n = name.replaceAll(" \\(\\d+/\\d+\\)#\\d+$", "");
        if (!n.equals(name)) {
            int chain = n.indexOf(" -> ");
            String first = chain < 0 ? n : n.substring(0, chain);
            return (first.length() > 40 ? first.substring(0, 39) + "…" : first) + " (task)";
        }
        return n.replaceAll("[-#]\\d+", "");
    }

    @Override
    public void close() {
        sampler.interrupt();
        if (enabledHere) threads.setThreadCpuTimeEnabled(false);
    }
}
