package dev.sqlexam.jobs.assembly;

import dev.sqlexam.benchmarks.BenchmarkReaders;
import dev.sqlexam.config.Settings;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.jobs.ask.AskSession;
import dev.sqlexam.jobs.exam.ExamRun;
import dev.sqlexam.jobs.exam.ExamSetCheck;
import dev.sqlexam.jobs.exam.GradeRun;
import dev.sqlexam.jobs.exam.RegradeRun;
import dev.sqlexam.jobs.exam.RewardVesRun;
import dev.sqlexam.jobs.graph.WatchSources;
import dev.sqlexam.jobs.importer.ImportRun;
import dev.sqlexam.jobs.run.ExamSetFiles;
import dev.sqlexam.jobs.run.Home;
import dev.sqlexam.jobs.run.Variant;
import dev.sqlexam.jobs.runtime.FlinkTarget;
import dev.sqlexam.jobs.watch.WatchRun;
import dev.sqlexam.predictions.PredictionsFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One composer sets every mode's run up: a setup step added to it runs for an exam, a grade, a
 * regrade, R-VES, {@code exam-set check}, a benchmark import, ask, the watch and its shadow, after
 * the standard steps each mode's rules keep. The added step stops each run once it has seen it,
 * before any job starts.
 */
class EveryModeComposedITCase {

    private static final Path DEMO = Home.resolve().resolve("exam-sets/demo/demo.jsonl");

    @TempDir Path tmp;

    /**
     * The fake step: records the mode and the steps that ran before it, then stops the run (a
     * watch's own setup goes on, so that its shadow's is seen too).
     */
    static final class Witness implements SetupStep {
        final Map<RunMode, List<String>> seen = new EnumMap<>(RunMode.class);

        @Override
        public String name() {
            return "WITNESS";
        }

        @Override
        public boolean appliesTo(ComposedRun run) {
            return true;
        }

        @Override
        public ComposedRun apply(ComposedRun run) {
            seen.put(run.definition().mode(), run.stepsRun());
            if (run.definition().mode() != RunMode.WATCH) throw new Seen(run.definition().mode());
            return run;
        }
    }

    static final class Seen extends RuntimeException {
        Seen(RunMode mode) {
            super("the witness saw " + mode);
        }
    }

    private static Settings settings(Map<String, String> overrides) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putIfAbsent("SQLEXAM_JDBC_URL", TestDatabase.url());
        return Settings.resolve(Map.of(), env, overrides);
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    @Test
    void anAddedStepRunsInEveryModeAfterTheStepsItsRulesKeep() throws Exception {
        Witness witness = new Witness();
        RunComposer composer = RunComposer.standard().with(witness);
        Settings baseline = settings(Map.of("generator", "baseline", "test_suite_size", "2"));
        Path runs = tmp.resolve("runs");

        assertThatThrownBy(
                        () ->
                                new ExamRun(baseline, DEMO, runs, "c-exam", quiet())
                                        .composedBy(composer)
                                        .run(FlinkTarget.local()))
                .isInstanceOf(Seen.class);

        Path predictions = tmp.resolve("mine.jsonl");
        Files.writeString(
                predictions,
                "{\"id\": \"demo-001\", \"sql\": \"SELECT COUNT(*) FROM employees\"}\n");
        var questions = ExamSetFiles.read(DEMO, null).questions();
        assertThatThrownBy(
                        () ->
                                new GradeRun(
                                                baseline,
                                                DEMO,
                                                List.of(
                                                        PredictionsFile.read(
                                                                predictions, questions)),
                                                runs,
                                                "c-grade",
                                                quiet())
                                        .composedBy(composer)
                                        .run(FlinkTarget.local()))
                .isInstanceOf(Seen.class);

        Path logged = Files.createDirectories(tmp.resolve("logged"));
        Files.writeString(
                logged.resolve("exam_log.jsonl"),
                "{\"run_id\":\"old\",\"variant\":\"default\",\"repetition\":1,"
                        + "\"question_id\":\"demo-001\",\"line_number\":1,\"db\":\"demo\","
                        + "\"pred_sql\":\"SELECT 1\",\"correct\":false,\"reason\":\"value_mismatch\"}\n");
        assertThatThrownBy(
                        () ->
                                new RegradeRun(baseline, logged, DEMO, runs, "c-regrade", quiet())
                                        .composedBy(composer)
                                        .run(FlinkTarget.local()))
                .isInstanceOf(Seen.class);

        assertThatThrownBy(() -> RewardVesRun.run(composer, baseline, DEMO, logged, quiet()))
                .isInstanceOf(Seen.class);

        assertThatThrownBy(
                        () -> new ExamSetCheck(baseline, 1, quiet()).composedBy(composer).run(DEMO))
                .isInstanceOf(Seen.class);

        Path dev = tmp.resolve("dev.json");
        Files.writeString(
                dev,
                "[{\"db_id\": \"demo\", \"question\": \"How many employees?\","
                        + " \"query\": \"SELECT count(*) FROM employees\"}]");
        assertThatThrownBy(
                        () ->
                                new ImportRun(baseline, quiet())
                                        .composedBy(composer)
                                        .run(
                                                BenchmarkReaders.spider(dev),
                                                null,
                                                tmp.resolve("imported.jsonl"),
                                                false))
                .isInstanceOf(Seen.class);

        assertThatThrownBy(
                        () ->
                                AskSession.open(
                                        composer,
                                        baseline,
                                        Variant.DEFAULT,
                                        List.of(),
                                        Set.of("demo"),
                                        quiet()))
                .isInstanceOf(Seen.class);

        Path log = tmp.resolve("app.jsonl");
        Files.write(
                log,
                Files.readAllLines(Home.resolve().resolve("exam-sets/querylog/erp-synthetic.jsonl"))
                        .subList(0, 5));
        Settings watch = settings(Map.of("watch_retrieval_check", "false"));
        assertThatThrownBy(
                        () ->
                                new WatchRun(
                                                watch,
                                                new WatchSources.Input(log, null, null, null, null),
                                                tmp.resolve("watch"),
                                                new WatchRun.Options(
                                                        "c-shadow",
                                                        false,
                                                        Home.resolve()
                                                                .resolve(
                                                                        "flink-conf/variants/defaults.yaml"),
                                                        0.5),
                                                quiet())
                                        .composedBy(composer)
                                        .run(FlinkTarget.local()))
                .isInstanceOf(Seen.class);

        List<String> all = RunComposer.standard().stepNames();
        assertThat(witness.seen).containsOnlyKeys(RunMode.values());
        assertThat(witness.seen.get(RunMode.EXAM)).isEqualTo(all);
        assertThat(witness.seen.get(RunMode.GRADE)).isEqualTo(without(all, "INDEX"));
        assertThat(witness.seen.get(RunMode.REGRADE)).isEqualTo(without(all, "INDEX"));
        assertThat(witness.seen.get(RunMode.R_VES)).isEqualTo(without(all, "INDEX", "TEST_SUITES"));
        assertThat(witness.seen.get(RunMode.CHECK)).isEqualTo(without(all, "INDEX", "TEST_SUITES"));
        assertThat(witness.seen.get(RunMode.IMPORT))
                .isEqualTo(without(all, "INDEX", "TEST_SUITES"));
        assertThat(witness.seen.get(RunMode.ASK)).isEqualTo(without(all, "TEST_SUITES"));
        assertThat(witness.seen.get(RunMode.SHADOW)).isEqualTo(without(all, "TEST_SUITES"));
        // watch_retrieval_check=false: nothing to index for
        assertThat(witness.seen.get(RunMode.WATCH)).isEqualTo(without(all, "INDEX", "TEST_SUITES"));
    }

    @Test
    void aGoldSelfCheckSkipsTheIndexByItsRuleAndNoSuiteIsBuiltWhenNoneIsAsked() throws Exception {
        Witness witness = new Witness();
        assertThatThrownBy(
                        () ->
                                new ExamRun(
                                                settings(Map.of("generator", "gold")),
                                                DEMO,
                                                tmp.resolve("runs"),
                                                "c-gold",
                                                quiet())
                                        .composedBy(RunComposer.standard().with(witness))
                                        .run(FlinkTarget.local()))
                .isInstanceOf(Seen.class);
        assertThat(witness.seen.get(RunMode.EXAM))
                .isEqualTo(without(RunComposer.standard().stepNames(), "INDEX", "TEST_SUITES"));
    }

    private static List<String> without(List<String> steps, String... skipped) {
        return steps.stream().filter(s -> !List.of(skipped).contains(s)).toList();
    }
}
