package dev.sqlexam.bench;

import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamQuestion;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The {@code suites} rows of {@code bench throughput}: grading with test suites against the same
 * grading without, on the bench's grading workload (30 copies of demo × 39 questions, many
 * predictions files) and on a 1,000-question grade over the same 30 databases (golds, golds
 * reformatted, near misses). The suites are built (or found cached) by a first run that is not
 * counted.
 */
final class SuiteGradingRows {

    private final ThroughputBench bench;
    private final ThroughputReport report;
    private final BenchWorkloads workloads;
    private final String size;

    SuiteGradingRows(
            ThroughputBench bench, ThroughputReport report, BenchWorkloads workloads, String size) {
        this.bench = bench;
        this.report = report;
        this.workloads = workloads;
        this.size = size;
    }

    void run(int files, Path work) throws Exception {
        List<String> dbs = workloads.smallDatabases("demo", 30);
        List<ExamQuestion> demo =
                bench.questions(Home.resolve().resolve("exam-sets/demo/demo.jsonl"));
        Path set = workloads.examSet("suites", demo, dbs, 39);
        List<ExamQuestion> questions = bench.questions(set);
        Map<String, String> suites = Map.of("test_suite_size", size);
        bench.grade(
                "suites: building (or finding) the test suites, not counted",
                set,
                List.of(workloads.emptyPredictions()),
                null,
                suites);
        compare(
                f("grading %d files, 30 dbs × 39 q", files),
                set,
                workloads.predictionsFiles(questions, files, 125, 7),
                suites);
        compare(
                "grading 1,000 questions, 30 dbs (gold, reformatted, near misses)",
                set,
                List.of(thousand(questions, work)),
                suites);
    }

    /** The same grade without and with the suites, twice each (the better of two), and its row. */
    private void compare(String label, Path set, List<Path> predictions, Map<String, String> suites)
            throws Exception {
        double plain = Double.MAX_VALUE;
        double with = Double.MAX_VALUE;
        long overturned = 0;
        for (int i = 0; i < 2; i++) {
            plain =
                    Math.min(
                            plain,
                            bench.grade(label + ", without suites", set, predictions, null)
                                    .jobSeconds());
            ThroughputBench.Run run =
                    bench.grade(label + ", with suites " + size, set, predictions, null, suites);
            with = Math.min(with, run.jobSeconds());
            overturned =
                    run.result().summary().variants().get(0).overall().getSuiteOverturned() == null
                            ? 0
                            : run.result()
                                    .summary()
                                    .variants()
                                    .get(0)
                                    .overall()
                                    .getSuiteOverturned();
        }
        double ratio = with / plain;
        report.row(
                new ThroughputReport.Row(
                        label + ", --test-suite " + size,
                        f("%.1f s job with suites", with),
                        f("%.1f s without", plain),
                        f("%.2f×", ratio),
                        "≤ 2×",
                        ThroughputReport.atMost(ratio, 2.0),
                        f(
                                "best of two runs each; %d predictions overturned by the suites",
                                overturned)));
    }

    /**
     * 1,000 of the questions answered once: a quarter with the gold, a quarter with the gold
     * reformatted (other spacing, a semicolon), a quarter with its first row only, a quarter with a
     * filter loosened or an aggregate changed where the text allows (else the gold); seeded.
     */
    private static Path thousand(List<ExamQuestion> questions, Path work) throws Exception {
        Path file = work.resolve("suites-1000.jsonl");
        Random random = new Random(11);
        List<ExamQuestion> shuffled = new ArrayList<>(questions);
        Collections.shuffle(shuffled, random);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < Math.min(1_000, shuffled.size()); i++) {
                ExamQuestion q = shuffled.get(i);
                String gold = q.goldSql();
                String sql =
                        switch (i % 4) {
                            case 0 -> gold;
                            case 1 ->
                                    "  "
                                            + gold.strip()
                                                    .replaceFirst("^(?i)select\\s+", "select\n    ")
                                            + " ;";
                            case 2 -> "SELECT * FROM (" + gold + ") AS first_row LIMIT 1";
                            default ->
                                    gold.replaceFirst(">=", ">")
                                            .replaceFirst("(?i)COUNT\\(\\*\\)", "COUNT(1)")
                                            .replaceFirst("<=", "<");
                        };
                w.write(
                        Json.MAPPER
                                .createObjectNode()
                                .put("id", q.id())
                                .put("sql", sql)
                                .toString());
                w.newLine();
            }
        }
        return file;
    }

    private static String f(String format, Object... args) {
        return ThroughputReport.f(format, args);
    }
}
