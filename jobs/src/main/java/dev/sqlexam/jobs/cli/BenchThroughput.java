package dev.sqlexam.jobs.cli;

import dev.sqlexam.config.Settings;
import dev.sqlexam.config.SqlExamOptions;
import dev.sqlexam.jobs.bench.BenchFloors;
import dev.sqlexam.jobs.bench.BenchWorkloads;
import dev.sqlexam.jobs.bench.CpuSampler;
import dev.sqlexam.jobs.bench.LoopbackModel;
import dev.sqlexam.jobs.bench.MemoryProbe;
import dev.sqlexam.jobs.bench.ThroughputReport;
import dev.sqlexam.jobs.bench.ThroughputReport.Row;
import dev.sqlexam.jobs.bench.ThroughputReport.Verdict;
import dev.sqlexam.jobs.bench.WatchBench;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunOutputs;
import dev.sqlexam.model.ExamQuestion;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import static dev.sqlexam.jobs.bench.ThroughputReport.f;

/**
 * {@code sqlexam bench throughput}: every kind of run's throughput beside the floors the hardware
 * sets, measured in one sitting.
 */
@Command(
        name = "throughput",
        mixinStandardHelpOptions = true,
        description = {
            "Throughput of exams, grading, indexing and watch, each beside its floor measured in the same run.",
            "Throughput of exams (baseline and gold generators), the gold self-check over many small "
                    + "databases end to end, indexing, grading many predictions files, watch, the async operator "
                    + "against a loopback model with a fixed latency, per-stage CPU time per question, and heap/RSS "
                    + "over a large exam set; each beside floors measured in the same run (an empty job's start-up, "
                    + "bare JDBC executions of the golds, bare embedding in batches) and its target."
        })
final class BenchThroughput implements Callable<Integer> {

    @Option(
            names = "--small-databases",
            defaultValue = "210",
            description =
                    "Small databases (copies of demo) for the self-check and indexing rows (default ${DEFAULT-VALUE}).")
    int smallDatabases;

    @Option(
            names = "--files",
            defaultValue = "12",
            description = "Predictions files of the grading row (default ${DEFAULT-VALUE}).")
    int files;

    @Option(
            names = "--memory-questions",
            defaultValue = "100000",
            description = "Questions of the memory row's exam set (default ${DEFAULT-VALUE}).")
    int memoryQuestions;

    @Option(
            names = "--model-latency-ms",
            defaultValue = "500",
            description = "Latency of the loopback model (default ${DEFAULT-VALUE}).")
    long latencyMs;

    @Option(
            names = "--watch-events",
            defaultValue = "6000",
            description =
                    "Events of the watch row's large run (default ${DEFAULT-VALUE}; the small run has a sixth).")
    int watchEvents;

    @Option(
            names = "--suite-size",
            defaultValue = "5",
            paramLabel = "N|auto",
            description = "Test suite size of the suites rows " + "(default ${DEFAULT-VALUE}).")
    String suiteSize;

    @Option(
            names = "--rows",
            split = ",",
            paramLabel = "ROW",
            description =
                    "Only these rows: exam, databases, suites, watch, async, memory, "
                            + "stages (default: all; the floors are always measured).")
    java.util.Set<String> rows;

    @Mixin CommonOptions common;

    private boolean wanted(String row) {
        return rows == null || rows.isEmpty() || rows.contains(row);
    }

    private ThroughputBench bench;
    private double retrievalInJob;
    private CpuSampler.Load examLoad;
    private final ThroughputReport report = new ThroughputReport();

    @Override
    public Integer call() throws Exception {
        Path home = Home.resolve();
        Path work = Files.createTempDirectory("sqlexam-bench-throughput");
        bench = new ThroughputBench(common::settings, home, work, System.out);
        try {
            List<ExamQuestion> erp = bench.questions(bench.erpSet());
            bench.exam(
                    "warm-up exam (migrations, index, JIT; not counted)",
                    bench.erpSet(),
                    Map.of("generator", "baseline"));
            double startup = BenchFloors.emptyJobSeconds();
            startup = Math.min(startup, BenchFloors.emptyJobSeconds());
            double golds;
            try (BenchCommand.Databases dbs =
                    BenchCommand.Databases.open(bench.settings(Map.of()), erp)) {
                golds = BenchFloors.bareGoldSeconds(erp, dbs.byName());
            }
            double embed =
                    BenchFloors.bareEmbeddingSeconds(
                            bench.embeddings(), erp.stream().map(ExamQuestion::question).toList());
            report.floor("empty Flink job, start to end (MiniCluster)", f("%.2f s", startup));
            report.floor(
                    f("bare JDBC: the %d ERP golds, one connection, serially", erp.size()),
                    f("%.2f s (%.1f ms each)", golds, golds * 1000 / erp.size()));
            report.floor(
                    f("bare embedding: the %d ERP questions in batches of 32", erp.size()),
                    f("%.2f s (%.0f texts/s)", embed, erp.size() / embed));
            double examFloor = erp.size() / (startup + golds + embed);
            if (wanted("exam")) exams(erp, examFloor);
            if (wanted("databases") || wanted("suites")) {
                // their copies are made from the demo sample database: made or brought up to date
                // first, as exam does erp
                Settings base = bench.settings(Map.of());
                dev.sqlexam.database.Migrations.migrate(
                        CommonOptions.admin(base),
                        dev.sqlexam.database.StateDatabase.from(base),
                        Home.migrations(),
                        "demo"::equals);
            }
            if (wanted("databases")) {
                new ManyDatabases(
                                bench,
                                report,
                                new BenchWorkloads(
                                        CommonOptions.admin(bench.settings(Map.of())), work))
                        .run(smallDatabases, files, startup);
            }
            if (wanted("suites")) {
                new SuiteGradingRows(
                                bench,
                                report,
                                new BenchWorkloads(
                                        CommonOptions.admin(bench.settings(Map.of())), work),
                                dev.sqlexam.suite.SuiteSize.parse(suiteSize).toString())
                        .run(files, work);
            }
            if (wanted("watch")) watch(home, work);
            if (wanted("async")) asyncEfficiency(work, erp);
            if (wanted("memory")) memory(work);
            StageTable stages = new StageTable(bench);
            if (wanted("stages")) report.section(stages.table(erp));
            double alone = stages.retrieveP95();
            if (wanted("exam") && wanted("stages"))
                report.row(
                        new Row(
                                "retrieval p95 inside the exam job (erp)",
                                f("%.0f ms", retrievalInJob),
                                f("%.0f ms alone", alone),
                                f("%.2f", retrievalInJob / alone),
                                "≤ 2× alone",
                                ThroughputReport.atMost(retrievalInJob / alone, 2),
                                f(
                                        "during the baseline exam the machine's cores were %.0f%% busy (this process %.0f%%, PostgreSQL most of the rest): a "
                                                + "retrieval's %.1f ms of CPU (stage table) waits for a core behind the job's other workers",
                                        examLoad.machine() * 100,
                                        examLoad.process() * 100,
                                        stages.retrieveCpuMs())));
            System.out.println();
            System.out.printf(
                    "bench throughput: %s, parallelism %d, %d cores%n%n",
                    home,
                    bench.settings(Map.of()).get(SqlExamOptions.PARALLELISM),
                    Runtime.getRuntime().availableProcessors());
            report.print(System.out);
        } finally {
            RunOutputs.deleteTree(work);
        }
        return 0;
    }

    private void exams(List<ExamQuestion> erp, double floor) throws Exception {
        ThroughputBench.Run baseline;
        try (CpuSampler cpu = new CpuSampler(250)) {
            baseline =
                    bench.exam("exam, baseline", bench.erpSet(), Map.of("generator", "baseline"));
            examLoad = cpu.load();
        }
        report.row(
                new Row(
                        f("exam, baseline generator (ERP, %d q)", erp.size()),
                        f("%.1f q/s (job %.1f s)", baseline.perSecond(), baseline.jobSeconds()),
                        f("%.1f q/s", floor),
                        f("%.2f", baseline.perSecond() / floor),
                        "≥ 30 q/s",
                        ThroughputReport.atLeast(baseline.perSecond(), 30),
                        null));
        ThroughputBench.Run gold =
                bench.exam("exam, gold self-check", bench.erpSet(), Map.of("generator", "gold"));
        report.row(
                new Row(
                        f("exam, gold self-check (ERP, %d q)", erp.size()),
                        f("%.1f q/s (job %.1f s)", gold.perSecond(), gold.jobSeconds()),
                        f("%.1f q/s", floor),
                        f("%.2f", gold.perSecond() / floor),
                        "",
                        Verdict.NONE,
                        null));
        double[] inJob = ThroughputBench.stagePercentiles(baseline.result(), "retrieve");
        double[] embedInJob = ThroughputBench.stagePercentiles(baseline.result(), "embed");
        report.section(
                f(
                        "retrieval inside the baseline exam job (from its exam log's trace): embed p50 %.0f ms p95 %.0f ms; retrieve p50 %.0f ms p95 %.0f ms%n",
                        embedInJob[0], embedInJob[1], inJob[0], inJob[1]));
        retrievalInJob = inJob[1];
    }

    private void watch(Path home, Path work) throws Exception {
        System.out.println("[sqlexam] bench throughput: watch …");
        Settings settings = bench.settings(Map.of());
        WatchBench wb =
                new WatchBench(
                        settings,
                        home.resolve("exam-sets/querylog/erp-synthetic.jsonl"),
                        Files.createDirectories(work.resolve("watch")),
                        new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        WatchBench.Throughput t =
                wb.throughput(
                        "guard + lint + EXPLAIN, every SQL text new",
                        false,
                        true,
                        false,
                        watchEvents / 6,
                        watchEvents);
        report.row(
                new Row(
                        "watch, guard + lint + EXPLAIN, every SQL new",
                        f("%.0f events/s", t.eventsPerSecond()),
                        "",
                        "",
                        "≥ 300 events/s",
                        ThroughputReport.atLeast(t.eventsPerSecond(), 300),
                        null));
    }

    private void asyncEfficiency(Path work, List<ExamQuestion> erp) throws Exception {
        int capacity = 8;
        Settings base = bench.settings(Map.of());
        int slots = capacity * base.get(SqlExamOptions.PARALLELISM);
        try (LoopbackModel model = new LoopbackModel(latencyMs, 20)) {
            // three times the ERP questions under new ids, so that filling up and draining are a
            // small part of the run
            Path set =
                    new BenchWorkloads(CommonOptions.admin(base), work)
                            .largeExamSet("async", erp, erp.size() * 3);
            ThroughputBench.Run run =
                    bench.exam(
                            f("exam against a %d ms loopback model", latencyMs),
                            set,
                            Map.of(
                                    "generator",
                                    "openai",
                                    "llm_url",
                                    model.url(),
                                    "llm_model",
                                    "bench",
                                    "async_capacity",
                                    Integer.toString(capacity)));
            LoopbackModel.Fill fill = model.fill(slots);
            double efficiency = fill.mean() / slots;
            double floorSeconds = Math.ceil((double) fill.requests() / slots) * latencyMs / 1000.0;
            report.row(
                    new Row(
                            f(
                                    "async efficiency, %d ms model, capacity %d×%d",
                                    latencyMs, capacity, base.get(SqlExamOptions.PARALLELISM)),
                            f("%.0f%% (mean %.1f in flight)", efficiency * 100, fill.mean()),
                            f("%d requests: ≥ %.1f s", fill.requests(), floorSeconds),
                            f("%.2f", floorSeconds / run.jobSeconds()),
                            "≥ 90%",
                            ThroughputReport.atLeast(efficiency, 0.9),
                            f(
                                    "the figure: mean in flight from the %dth request sent until as many were left to send (before, the slots cannot all be full yet; "
                                            + "after, the exam drains); there, in flight p10 %.0f, at capacity %.0f%% of the time; from the first request to the last "
                                            + "answer %.0f%%; job %.1f s; mean in flight per tenth of the time until the last answer: %s",
                                    slots,
                                    fill.p10(),
                                    fill.atCapacityShare() * 100,
                                    fill.meanWithDrain() / slots * 100,
                                    run.jobSeconds(),
                                    tenths(fill.samples()))));
        }
    }

    private static String tenths(List<Integer> samples) {
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < 10 && !samples.isEmpty(); t++) {
            List<Integer> part =
                    samples.subList(
                            samples.size() * t / 10,
                            Math.max(samples.size() * t / 10 + 1, samples.size() * (t + 1) / 10));
            sb.append(t == 0 ? "" : " ")
                    .append(
                            f(
                                    "%.1f",
                                    part.stream().mapToInt(Integer::intValue).average().orElse(0)));
        }
        return sb.toString();
    }

    private void memory(Path work) throws Exception {
        BenchWorkloads workloads =
                new BenchWorkloads(CommonOptions.admin(bench.settings(Map.of())), work);
        Path set =
                workloads.largeExamSet("large", bench.questions(bench.erpSet()), memoryQuestions);
        String runId = "bench-memory-" + System.nanoTime();
        ThroughputBench.Run run;
        MemoryProbe.Sample end;
        java.util.List<MemoryProbe.Sample> samples;
        try (MemoryProbe probe = new MemoryProbe(work.resolve("runs").resolve(runId), 500)) {
            run =
                    bench.grade(
                            f("memory: %,d questions, every prediction missing", memoryQuestions),
                            set,
                            List.of(workloads.emptyPredictions()),
                            runId);
            samples = probe.samples();
            end = probe.afterCollection();
        }
        long maxLive =
                samples.stream()
                        .filter(x -> !x.jobDone())
                        .mapToLong(MemoryProbe.Sample::liveHeap)
                        .max()
                        .orElse(0);
        long liveAfterJob =
                samples.stream()
                        .filter(MemoryProbe.Sample::jobDone)
                        .mapToLong(MemoryProbe.Sample::liveHeap)
                        .max()
                        .orElse(0);
        long maxRss = samples.stream().mapToLong(MemoryProbe.Sample::rss).max().orElse(0);
        List<Long> liveInJob =
                samples.stream()
                        .filter(x -> !x.jobDone() && x.liveHeap() > 0)
                        .map(x -> x.liveHeap() >> 20)
                        .toList();
        long onDisk =
                samples.stream()
                        .filter(x -> !x.jobDone())
                        .mapToLong(MemoryProbe.Sample::folderBytes)
                        .max()
                        .orElse(0);
        long log = Files.size(run.result().outDir().resolve("exam_log.jsonl"));
        report.row(
                new Row(
                        f("memory, %,d questions (grade, all missing)", memoryQuestions),
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
                                samples.stream()
                                                .mapToLong(MemoryProbe.Sample::usedHeap)
                                                .max()
                                                .orElse(0)
                                        >> 20,
                                maxRss >> 20,
                                end.liveHeap() >> 20,
                                onDisk >> 20,
                                log >> 20)));
    }
}
