package dev.sqlexam.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * This JVM's memory while a job runs in it, sampled every {@code sampleMs}: the live heap (every
 * tenth sample after a full collection, which is what grows when something keeps every record; 0 in
 * the others), the heap in use, the resident set size, the bytes under a run's folder (the exam
 * log's parts, which grow when the log streams to disk), and whether the job has ended there (its
 * merged exam log is written).
 */
public final class MemoryProbe implements AutoCloseable {

    /**
     * One sample: seconds since start, live heap after the last collection, heap in use, RSS, bytes
     * under the folder.
     */
    public record Sample(
            double seconds,
            long liveHeap,
            long usedHeap,
            long rss,
            long folderBytes,
            boolean jobDone) {}

    private final Path folder;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread thread;
    private final long start = System.nanoTime();

    public MemoryProbe(Path folder, long sampleMs) {
        this.folder = folder;
        thread =
                new Thread(
                        () -> {
                            for (int n = 0; !Thread.currentThread().isInterrupted(); n++) {
                                Sample s = n % 10 == 9 ? afterCollection() : sample();
                                synchronized (samples) {
                                    samples.add(s);
                                }
                                try {
                                    Thread.sleep(sampleMs);
                                } catch (InterruptedException e) {
                                    Thread.currentThread()
                                            .interrupt(); // stopped: the flag stays set for the
                                    // owner
                                    return;
                                }
                            }
                        },
                        "memory-probe");
        thread.setDaemon(true);
        thread.start();
    }

    public List<Sample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /** A sample now, after a full collection: what the JVM still holds. */
    public Sample afterCollection() {
        System.gc();
        long live = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        return new Sample(
                (System.nanoTime() - start) / 1e9,
                live,
                live,
                rss(),
                bytesUnder(folder),
                jobDone());
    }

    private Sample sample() {
        long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        return new Sample(
                (System.nanoTime() - start) / 1e9, 0, used, rss(), bytesUnder(folder), jobDone());
    }

    /**
     * The client merges the exam log's parts into exam_log.jsonl once the job has ended; the report
     * is built after.
     */
    private boolean jobDone() {
        return folder != null && Files.exists(folder.resolve("exam_log.jsonl"));
    }

    /** VmRSS of /proc/self/status in bytes (0 where there is no /proc). */
    static long rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:"))
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        } catch (IOException | NumberFormatException e) {
            // no /proc (not Linux): RSS unknown, printed as 0
            return 0;
        }
        return 0;
    }

    private static long bytesUnder(Path folder) {
        if (folder == null || !Files.isDirectory(folder)) return 0;
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(
                            f -> {
                                try {
                                    return Files.size(f);
                                } catch (IOException gone) {
                                    // the file went while measured: counted as empty
                                    return 0;
                                }
                            })
                    .sum();
        } catch (IOException | UncheckedIOException e) {
            // a folder that went while measured: counted as empty
            return 0;
        }
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
