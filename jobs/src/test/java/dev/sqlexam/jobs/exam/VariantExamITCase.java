package dev.sqlexam.jobs.exam;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.ReportBrowser;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.RunLog;
import dev.sqlexam.jobs.run.RunResult;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.json.Json;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.report.ExamSummary;
import dev.sqlexam.report.PairedComparison;

import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Four variant files in one MiniCluster exam on the demo set (offline baseline, 2 runs, retrieval
 * forced on by --set): the reference, one without the reranker (differs after generation), one with
 * V2 retrieval, and the gold self-check (a variant with its own generator, which disagrees with the
 * baseline). Then compare and regrade on its log.
 */
class VariantExamITCase {

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir static Path tmp;

    private static RunResult run;
    private static List<ExamRecord> records;
    private static String console;

    /**
     * The baseline from the environment, under the variant files (a --set would apply to every
     * variant, gold-check's too).
     */
    static Settings settings(Map<String, String> overrides) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        env.put("SQLEXAM_GENERATOR", "baseline");
        return Settings.resolve(Map.of(), env, overrides);
    }

    private static Variant variant(String file) {
        return Variant.read(Home.resolve().resolve("flink-conf/variants/" + file));
    }

    @BeforeAll
    static void examWithThreeVariants() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Path gold = tmp.resolve("gold-check.yaml");
        Files.writeString(
                gold,
                "description: the gold SQL as candidate\nextends: "
                        + Home.resolve().resolve("flink-conf/variants/defaults.yaml")
                        + "\noptions:\n  generator: gold\n");
        run =
                new ExamRun(
                                settings(Map.of("runs", "2", "RETRIEVAL_TABLE_THRESHOLD", "1")),
                                Home.resolve().resolve("exam-sets/demo/demo.jsonl"),
                                tmp.resolve("runs"),
                                "it-variants",
                                new PrintStream(out, true, StandardCharsets.UTF_8),
                                List.of(
                                        variant("defaults.yaml"),
                                        variant("no-reranker.yaml"),
                                        variant("v2-retrieval.yaml"),
                                        Variant.read(gold)),
                                false)
                        .run(FlinkTarget.local());
        console = out.toString(StandardCharsets.UTF_8);
        records = RunLog.read(run.outDir());
    }

    @Test
    void everyVariantAndRunGradesEveryQuestionOnce() {
        assertThat(records).hasSize(24 * 4 * 2);
        assertThat(records.stream().map(RunLog::key).collect(Collectors.toSet()))
                .hasSize(24 * 4 * 2);
        assertThat(run.summary().variants())
                .extracting(ExamSummary.VariantSummary::variant)
                .containsExactly("defaults", "no-reranker", "v2-retrieval", "gold-check");
        assertThat(run.summary().variants().get(3).accuracy())
                .as("the gold variant grades the harness")
                .isEqualTo(1.0);
        assertThat(run.summary().variants().get(1).differences())
                .containsEntry("CANDIDATE_RERANKER_ENABLED", false);
        assertThat(console)
                .contains("differs from the reference: {CANDIDATE_RERANKER_ENABLED=false}");
    }

    @Test
    void eachVariantsOwnOptionsReachTheOperators() {
        for (ExamRecord r : records) {
            if (r.evaluation() == null) continue;
            boolean reranked =
                    r.evaluation().candidates().stream()
                            .anyMatch(
                                    c ->
                                            c.score() != null
                                                    && (c.score().schemaAdherence() != 0
                                                            || c.score().joinMatch() != 0
                                                            || c.score().resultShape() != 0));
            if (r.variant().equals("no-reranker"))
                assertThat(reranked)
                        .as("no reranker bonus under no-reranker: %s", r.questionId())
                        .isFalse();
        }
        assertThat(
                        records.stream()
                                .filter(
                                        r ->
                                                !r.variant().equals("no-reranker")
                                                        && r.evaluation() != null)
                                .anyMatch(
                                        r ->
                                                r.evaluation().candidates().stream()
                                                        .anyMatch(
                                                                c ->
                                                                        c.score() != null
                                                                                && c.score()
                                                                                                .resultShape()
                                                                                        != 0)))
                .as("the reranker scores under the other variants")
                .isTrue();
        Map<String, Set<String>> strategies =
                records.stream()
                        .filter(r -> r.retrieval() != null)
                        .collect(
                                Collectors.groupingBy(
                                        ExamRecord::variant,
                                        Collectors.mapping(
                                                r -> r.retrieval().strategy(),
                                                Collectors.toSet())));
        assertThat(strategies)
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(
                                "defaults",
                                Set.of("rag_v1"),
                                "no-reranker",
                                Set.of("rag_v1"),
                                "v2-retrieval",
                                Set.of("rag_v2"),
                                "gold-check",
                                Set.of("rag_v1")));
    }

    @Test
    void workIsSharedAndTheGoldRunsOncePerQuestion() {
        ExamSummary.Sharing sharing = run.summary().sharing();
        assertThat(sharing.retrievalsPerQuestion())
                .as("V1 for three variants, V2 for the fourth")
                .isEqualTo(2);
        assertThat(sharing.generationsPerQuestionAndRun())
                .as("baseline on V1, gold on V1, baseline on V2")
                .isEqualTo(3);
        long goldQueries =
                ExamSetFiles.read(Home.resolve().resolve("exam-sets/demo/demo.jsonl"), null)
                        .questions()
                        .stream()
                        .mapToLong(q -> q.allGoldSql().size())
                        .sum();
        assertThat(sharing.goldExecutions())
                .as("each gold query ran once for 4 variants × 2 runs")
                .isEqualTo(goldQueries);
        assertThat(records.stream().mapToInt(ExamRecord::goldExecuted).sum())
                .isEqualTo((int) goldQueries);
        // the no-reranker variant got the same candidates as the reference, from one generation
        Map<String, List<String>> reference = candidates("defaults");
        assertThat(candidates("no-reranker")).isEqualTo(reference);
    }

    private static PairedComparison comparison(String a, String b) {
        return run.summary().comparisons().stream()
                .filter(c -> c.a().equals(a) && c.b().equals(b))
                .findFirst()
                .orElseThrow();
    }

    private static Map<String, List<String>> candidates(String variant) {
        return records.stream()
                .filter(r -> r.variant().equals(variant) && r.repetition() == 1)
                .collect(
                        Collectors.toMap(
                                ExamRecord::questionId,
                                r -> r.candidates() == null ? List.of() : r.candidates()));
    }

    @Test
    void disagreementsListEveryQuestionWhoseVerdictsDifferAndNoOther() throws Exception {
        Map<String, Set<Boolean>> verdicts = new HashMap<>();
        for (ExamRecord r : records) {
            if (r.repetition() == 1 && !r.reason().equals("infra_failure"))
                verdicts.computeIfAbsent(r.questionId(), q -> new HashSet<>()).add(r.correct());
        }
        Set<String> differing =
                verdicts.entrySet().stream()
                        .filter(e -> e.getValue().size() > 1)
                        .map(Map.Entry::getKey)
                        .collect(Collectors.toSet());
        List<String> listed = Files.readAllLines(run.outDir().resolve("disagreements.jsonl"));
        assertThat(
                        listed.stream()
                                .map(l -> l.replaceAll(".*\"question_id\":\"([^\"]+)\".*", "$1"))
                                .collect(Collectors.toSet()))
                .isEqualTo(differing);
        assertThat(differing).as("the baseline and the gold disagree").isNotEmpty();
        assertThat(console).contains("disagreements: " + differing.size() + " question(s)");
        assertThat(run.summary().disagreements()).isEqualTo(differing.size());
        PairedComparison gold = comparison("defaults", "gold-check");
        assertThat(gold.onlyB()).isGreaterThan(0);
        assertThat(gold.onlyA()).isZero();
        assertThat(gold.verdict()).startsWith("gold-check is better than defaults");
    }

    @Test
    void compareOfTheVariantsLogsEqualsTheInJobComparison() throws Exception {
        Path a = tmp.resolve("split/a");
        Path b = tmp.resolve("split/b");
        Files.createDirectories(a);
        Files.createDirectories(b);
        List<String> lines = Files.readAllLines(run.outDir().resolve("exam_log.jsonl"));
        Files.write(
                a.resolve("exam_log.jsonl"),
                lines.stream().filter(l -> l.contains("\"variant\":\"defaults\"")).toList());
        Files.write(
                b.resolve("exam_log.jsonl"),
                lines.stream().filter(l -> l.contains("\"variant\":\"gold-check\"")).toList());
        ExamSummary compared =
                CompareRuns.compare(
                        a, b, tmp.resolve("compare"), new PrintStream(new ByteArrayOutputStream()));
        assertThat(compared.comparisons())
                .singleElement()
                .isEqualTo(comparison("defaults", "gold-check"));
        assertThat(compared.variants().get(1).perQuestion())
                .isEqualTo(run.summary().variants().get(3).perQuestion());
        assertThat(Files.readAllLines(tmp.resolve("compare/disagreements.jsonl"))).isNotEmpty();
    }

    @Test
    void compareSaysFirstThatTheRunsIndexesDiffer() throws Exception {
        Path a = tmp.resolve("provenance/a");
        Path b = tmp.resolve("provenance/b");
        for (Path dir : List.of(a, b)) {
            Files.createDirectories(dir);
            Files.copy(run.outDir().resolve("exam_log.jsonl"), dir.resolve("exam_log.jsonl"));
        }
        String manifest = Files.readString(run.outDir().resolve("run.json"));
        Files.writeString(a.resolve("run.json"), manifest);
        com.fasterxml.jackson.databind.node.ObjectNode other =
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(manifest);
        com.fasterxml.jackson.databind.node.ObjectNode index =
                (com.fasterxml.jackson.databind.node.ObjectNode)
                        other.path("provenance").path("index_fingerprints");
        assertThat(index.size()).as("the run recorded its index: " + index).isEqualTo(1);
        String db = index.fieldNames().next();
        index.put(db, index.get(db).asText() + "-other");
        Files.writeString(b.resolve("run.json"), Json.MAPPER.writeValueAsString(other));

        ByteArrayOutputStream same = new ByteArrayOutputStream();
        CompareRuns.compare(
                a,
                a,
                tmp.resolve("compare-same"),
                new PrintStream(same, true, StandardCharsets.UTF_8));
        assertThat(same.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow())
                .startsWith("provenance same inputs");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CompareRuns.compare(
                a,
                b,
                tmp.resolve("compare-index"),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        List<String> printed = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(printed.get(0)).startsWith("provenance what differs between the runs");
        assertThat(printed.get(1))
                .isEqualTo("  - the index of " + db + " differs: retrieval scores may differ");
    }

    @Test
    void regradeOfAnUnchangedRunChangesNothing() throws Exception {
        RegradeRun.Result regraded =
                new RegradeRun(
                                settings(Map.of()),
                                run.outDir(),
                                null,
                                tmp.resolve("regrades"),
                                "it-regrade",
                                new PrintStream(new ByteArrayOutputStream()))
                        .run(FlinkTarget.local());
        assertThat(regraded.changes()).isEmpty();
        assertThat(regraded.run().logLines()).isEqualTo(records.size());
        for (int i = 0; i < 4; i++) {
            ExamSummary.VariantSummary before = run.summary().variants().get(i);
            ExamSummary.VariantSummary after = regraded.run().summary().variants().get(i);
            assertThat(after.variant()).isEqualTo(before.variant());
            assertThat(after.overall().getCorrect()).isEqualTo(before.overall().getCorrect());
        }
        assertThat(Files.readAllLines(regraded.run().outDir().resolve("changes.jsonl"))).isEmpty();
    }

    @Test
    void theReportDrawsInARealBrowserAndAQuestionOpensItsTrace() throws Exception {
        Path report = run.outDir().resolve("report.html");
        assertThat(console).contains("report     " + report);
        assertThat(Files.size(report)).isLessThan(5_000_000L);
        try (ReportBrowser browser = ReportBrowser.open()) {
            browser.driver.get(report.toUri().toString());
            new org.openqa.selenium.support.ui.WebDriverWait(
                            browser.driver, java.time.Duration.ofSeconds(30))
                    .until(
                            d ->
                                    "true"
                                            .equals(
                                                    d.findElement(
                                                                    org.openqa.selenium.By.tagName(
                                                                            "body"))
                                                            .getDomAttribute("data-ready")));
            assertThat(browser.consoleProblems()).as("the browser console").isEmpty();
            Map<String, Long> marks = browser.marksPerChart();
            assertThat(marks.keySet())
                    .as("every chart is on the page")
                    .containsAll(
                            List.of(
                                    "chart-accuracy",
                                    "chart-ex",
                                    "chart-difficulty",
                                    "chart-module",
                                    "chart-category",
                                    "chart-funnel",
                                    "chart-failures",
                                    "chart-reasons",
                                    "chart-retrieval",
                                    "chart-latency",
                                    "chart-forest",
                                    "chart-runs"));
            assertThat(marks)
                    .allSatisfy(
                            (chart, n) ->
                                    assertThat(n).as("marks drawn by %s", chart).isPositive());
            var rows =
                    browser.driver.findElements(
                            org.openqa.selenium.By.cssSelector("#questions tr.q"));
            assertThat(rows).hasSize(24 * 4);
            rows.get(0).click();
            String trace = browser.driver.findElement(org.openqa.selenium.By.id("trace")).getText();
            assertThat(trace).contains("Stages").contains("execute_gold").contains("Gold SQL");
            browser.driver.findElement(org.openqa.selenium.By.id("search")).sendKeys("demo-007");
            long shown =
                    browser
                            .driver
                            .findElements(org.openqa.selenium.By.cssSelector("#questions tr.q"))
                            .stream()
                            .filter(r -> r.isDisplayed())
                            .count();
            assertThat(shown).as("one row per variant for the question searched").isEqualTo(4);
            Path shot = Path.of("target", "report-screenshot.png");
            Files.write(shot, browser.driver.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
            assertThat(Files.size(shot)).isPositive();
            assertThat(browser.consoleProblems()).isEmpty();
        }
    }

    @Test
    void whatEachChartPlotsIsWhatSummaryJsonSays() throws Exception {
        com.fasterxml.jackson.databind.JsonNode summary =
                dev.sqlexam.json.Json.MAPPER.readTree(
                        run.outDir().resolve("summary.json").toFile());
        com.fasterxml.jackson.databind.JsonNode data =
                dev.sqlexam.jobs.report.ReportData.of(summary, records, List.of());
        for (int i = 0; i < 4; i++) {
            com.fasterxml.jackson.databind.JsonNode v = summary.get("variants").get(i);
            com.fasterxml.jackson.databind.JsonNode d = data.get("variants").get(i);
            assertThat(d.get("name").asText()).isEqualTo(v.get("variant").asText());
            assertThat(d.get("accuracy").asDouble())
                    .isEqualTo(v.get("per_question").get("accuracy").asDouble());
            assertThat(d.get("ci_low").asDouble())
                    .isLessThanOrEqualTo(d.get("accuracy").asDouble());
            assertThat(d.get("ex").get("strict")).isEqualTo(v.get("overall").get("accuracy"));
            assertThat(d.get("ex").get("bird")).isEqualTo(v.get("overall").get("bird_accuracy"));
            assertThat(d.get("funnel")).isEqualTo(v.get("funnel"));
            assertThat(d.get("reasons")).isEqualTo(v.get("reasons"));
            v.get("by_difficulty")
                    .fields()
                    .forEachRemaining(
                            e ->
                                    assertThat(
                                                    d.get("by_difficulty")
                                                            .get(e.getKey())
                                                            .get("accuracy")
                                                            .asDouble())
                                            .isEqualTo(e.getValue().get("accuracy").asDouble()));
            assertThat(d.get("retrieval").get("v1").get("recall").asDouble())
                    .isEqualTo(v.get("retrieval").get("v1").get("recall").asDouble());
            assertThat(d.get("accuracy_per_run")).isEqualTo(v.get("accuracy_per_run"));
        }
        for (int i = 0; i < summary.get("comparisons").size(); i++) {
            assertThat(data.get("comparisons").get(i).get("difference"))
                    .isEqualTo(summary.get("comparisons").get(i).get("difference"));
            assertThat(data.get("comparisons").get(i).get("ci_low"))
                    .isEqualTo(summary.get("comparisons").get(i).get("ci_low"));
        }
        assertThat(data.get("questions")).hasSize(24 * 4);
        assertThat(data.get("latency").get("defaults").get("execute_gold").get("n").asInt())
                .isEqualTo(48);
    }
}
