package dev.sqlexam.bench;

import dev.sqlexam.bench.ThroughputReport.Row;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

import static dev.sqlexam.bench.ThroughputReport.f;

/**
 * The {@code memory} row of {@code bench throughput}: a grade of a large exam set with every
 * prediction missing, the job's live heap, RSS and log on disk sampled while it runs.
 */
final class MemoryRow {

    private final ThroughputBench bench;
    private final ThroughputReport report;
    private final BenchWorkloads workloads;
    private final int questions;
    private final Path home;

    MemoryRow(
            ThroughputBench bench,
            ThroughputReport report,
            BenchWorkloads workloads,
            int questions,
            Path home) {
        this.bench = bench;
        this.report = report;
        this.workloads = workloads;
        this.questions = questions;
        this.home = home;
    }

    void run(Path work) throws Exception {
        Path set = workloads.largeExamSet("large", bench.questions(bench.erpSet()), questions);
        String runId = "bench-memory-" + System.nanoTime();
        ThroughputBench.Run run;
        MemoryProbe.Sample end;
        List<MemoryProbe.Sample> samples;
        try (MemoryProbe probe = new MemoryProbe(work.resolve("runs").resolve(runId), 500)) {
            run =
                    bench.grade(
                            f("memory: %,d questions, every prediction missing", questions),
                            set,
                            List.of(workloads.emptyPredictions()),
                            runId);
            samples = probe.samples();
            end = probe.afterCollection();
        }
        report.row(row(run, samples, end));
        long clientAfterJob = liveAfterJob(samples) >> 20;
        report.row(
                new Row(
                        f(
                                "memory, %,d questions: the client merging the log, writing the report",
                                questions),
                        f("live heap ≤ %d MiB", clientAfterJob),
                        "",
                        "",
                        "≤ 256 MiB",
                        ThroughputReport.atMost(clientAfterJob, 256),
                        null));
        report.row(asAUserRunsIt(set, work));
    }

    /**
     * The same grade through the script, a fresh JVM with its options: its peak resident memory.
     */
    private Row asAUserRunsIt(Path set, Path work) throws Exception {
        bench.progress(f("memory: the same grade as ./sqlexam grade, a fresh JVM"));
        ScriptRun run =
                ScriptRun.of(
                                home,
                                concat(
                                        List.of(
                                                "grade",
                                                "--exam-set",
                                                set.toString(),
                                                "--predictions",
                                                workloads.emptyPredictions().toString(),
                                                "--out",
                                                work.resolve("script-runs").toString()),
                                        bench.serverArguments()))
                        .requireSuccess("./sqlexam grade");
        long rss = run.peakRssBytes() >> 20;
        return new Row(
                f("memory, %,d questions: ./sqlexam grade's peak RSS", questions),
                f("%d MiB (%.1f s end to end)", rss, run.seconds()),
                "",
                "",
                "≤ 1536 MiB",
                ThroughputReport.atMost(rss, 1536),
                "the JVM's peak resident set (VmHWM), read every 100 ms, with the script's heap limit (SQLEXAM_JAVA_HEAP, default"
                        + " 4g) and its -XX:GCTimeRatio=1 (the heap grows when collection would take over half the time)");
    }

    private Row row(
            ThroughputBench.Run run, List<MemoryProbe.Sample> samples, MemoryProbe.Sample end)
            throws IOException {
        Predicate<MemoryProbe.Sample> inJob = x -> !x.jobDone();
        long maxLive = max(samples, inJob, MemoryProbe.Sample::liveHeap);
        long liveAfterJob = liveAfterJob(samples);
        long maxRss = max(samples, x -> true, MemoryProbe.Sample::rss);
        long maxUsed = max(samples, x -> true, MemoryProbe.Sample::usedHeap);
        List<Long> liveInJob =
                samples.stream()
                        .filter(x -> !x.jobDone() && x.liveHeap() > 0)
                        .map(x -> x.liveHeap() >> 20)
                        .toList();
        long onDisk = max(samples, inJob, MemoryProbe.Sample::folderBytes);
        long log = Files.size(run.result().outDir().resolve("exam_log.jsonl"));
        return new Row(
                f("memory, %,d questions (grade, all missing)", questions),
                f("job's live heap ≤ %d MiB", maxLive >> 20),
                "",
                "",
                "heap ≤ 1024 MiB",
                ThroughputReport.atMost(maxLive >> 20, 1024),
                f(
                        "%.0f records/s; live heap sampled after a full GC every 5 s while the job ran, in MiB: %s (after it, while the client merges the log "
                                + "and builds report.html from every record: up to %d MiB); heap in use max %d MiB; RSS max %d MiB; after the run, "
                                + "collected: %d MiB; the log on disk while the job ran: up to %d MiB (merged: %d MiB)",
                        run.perSecond(),
                        liveInJob,
                        liveAfterJob >> 20,
                        maxUsed >> 20,
                        maxRss >> 20,
                        end.liveHeap() >> 20,
                        onDisk >> 20,
                        log >> 20));
    }

    /** The client's live heap once the job has ended: merging the log, writing the report. */
    private static long liveAfterJob(List<MemoryProbe.Sample> samples) {
        return max(samples, MemoryProbe.Sample::jobDone, MemoryProbe.Sample::liveHeap);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }

    /** The largest {@code figure} of the samples {@code which} accepts (0: none). */
    private static long max(
            List<MemoryProbe.Sample> samples,
            Predicate<MemoryProbe.Sample> which,
            ToLongFunction<MemoryProbe.Sample> figure) {
        return samples.stream().filter(which).mapToLong(figure).max().orElse(0);
    }
}
