package dev.sqlexam.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A command run as a user runs it ({@code ./sqlexam ARGS}, a fresh JVM behind the script): its time
 * end to end, its exit code, its output, and the peak resident memory of the JVMs it started (each
 * one's {@code VmHWM}, read every 100 ms until it ends).
 */
record ScriptRun(int exitCode, double seconds, long peakRssBytes, String output) {

    private static final long TIMEOUT_MINUTES = 30;

    static ScriptRun of(Path home, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(home.resolve("sqlexam").toString());
        command.addAll(args);
        Path output = Files.createTempFile("sqlexam-bench-script", ".log");
        try {
            ProcessBuilder pb =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectOutput(output.toFile());
            long start = System.nanoTime();
            Process process = pb.start();
            AtomicLong peak = new AtomicLong();
            while (!process.waitFor(100, TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(p -> peak.accumulateAndGet(highWater(p), Math::max));
                if (System.nanoTime() - start > TimeUnit.MINUTES.toNanos(TIMEOUT_MINUTES)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    throw new IllegalStateException(
                            "./sqlexam " + String.join(" ", args) + ": no end after 30 minutes");
                }
            }
            return new ScriptRun(
                    process.exitValue(),
                    (System.nanoTime() - start) / 1e9,
                    peak.get(),
                    Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** What the run printed, for an error: its last lines. */
    String tail() {
        List<String> lines = output.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    }

    ScriptRun requireSuccess(String what) {
        if (exitCode != 0)
            throw new IllegalStateException(
                    what + " exited with " + exitCode + "; its last lines:\n" + tail());
        return this;
    }

    /** A process's peak resident set from /proc (0 once it has gone, or off Linux). */
    private static long highWater(ProcessHandle process) {
        Path status = Path.of("/proc", Long.toString(process.pid()), "status");
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:"))
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        } catch (IOException | NumberFormatException gone) {
            // the process ended between listing and reading: its last reading stands
        }
        return 0;
    }
}
