package dev.sqlexam.flink;

import dev.sqlexam.config.JobFiles;
import dev.sqlexam.config.Settings;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.evaluation.CandidateEvaluator;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.model.Candidate;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.GeneratedTask;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.pipeline.EvaluateStep;
import dev.sqlexam.pipeline.EvaluationSpec;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.SketchRecallStep;
import dev.sqlexam.pipeline.Variants;
import dev.sqlexam.repair.RepairLoop;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;

import static dev.sqlexam.flink.AsyncOperatorsITCase.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The evaluation and pre-SQL operators as Flink runs them (an async harness): candidates evaluated
 * as the read-only role and the best chosen, an evaluation past the time limit going on
 * unevaluated, and a sketch step that passes a task on, saying why, when its generator writes no
 * sketch.
 */
class StepOperatorsITCase {

    private static final ExamTask TASK =
            new ExamTask(
                    "it", "default", 1, ExamQuestion.of("q1", "demo", "How many employees?", null));

    @Test
    void candidatesAreEvaluatedAndTheRunnableOneIsChosen() throws Exception {
        GeneratedTask generated =
                generated(
                        List.of(
                                new Candidate(0, "SELECT count(*) FROM no_such_table", "test", 0),
                                new Candidate(1, "SELECT count(*) FROM employees", "test", 0)));

        List<GeneratedTask> out =
                run(
                        new EvaluateCandidates(
                                n -> new EvaluateStep(Variants.single("default", spec()))),
                        GeneratedTask.class,
                        -30_000,
                        generated);

        assertThat(out)
                .singleElement()
                .satisfies(
                        g -> {
                            assertThat(g.evaluation().chosenIndex()).isEqualTo(1);
                            assertThat(g.candidates().get(0).sql()).contains("FROM employees");
                            assertThat(last(g.trace()).stage()).isEqualTo("evaluate");
                        });
    }

    @Test
    void anEvaluationPastTheTimeLimitGoesOnUnevaluatedWithTheReason() throws Exception {
        GeneratedTask generated =
                generated(List.of(new Candidate(0, "SELECT count(*) FROM employees", "test", 0)));
        List<GeneratedTask> out;
        // a server that accepts and never answers: EXPLAIN cannot finish before the time limit
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            JdbcUrlTemplate nowhere =
                    new JdbcUrlTemplate(
                            "jdbc:postgresql://127.0.0.1:"
                                    + silent.getLocalPort()
                                    + "/{db}?user=nobody");
            EvaluationSpec stuck =
                    new EvaluationSpec(
                            new ReaderAccess(
                                    ReaderAccess.Mode.CONNECTING_USER, nowhere, null, null),
                            2,
                            CandidateEvaluator.Settings.from(Settings.defaults()),
                            RepairLoop.Settings.defaults(),
                            null,
                            new ConnectionPolicy(2, 2_000, 0, 60_000));
            out =
                    run(
                            new EvaluateCandidates(
                                    n -> new EvaluateStep(Variants.single("default", stuck))),
                            GeneratedTask.class,
                            300,
                            generated);
        }

        assertThat(out)
                .singleElement()
                .satisfies(
                        g -> {
                            assertThat(g.candidates()).hasSize(1);
                            assertThat(last(g.trace()).detail())
                                    .contains("async time limit")
                                    .contains("runs unevaluated");
                        });
    }

    @Test
    void aSketchStepWhoseGeneratorWritesNoSketchPassesTheTaskOnAndSaysWhy() throws Exception {
        Settings preSql =
                Settings.resolve(
                        Map.of(),
                        Map.of(),
                        Map.of("PRE_SQL_ENABLED", "true", "generator", "baseline"));
        PipelineConfig config =
                PipelineConfig.from(
                        "default", null, preSql, Generators.from(preSql), resources(), false, 0);
        RetrievalTask retrieved =
                RetrievalTask.of(TASK)
                        .withRetrieval(
                                new SchemaContextPacket(
                                        "demo",
                                        "rag_v1",
                                        List.of(
                                                new PacketTable(
                                                        "employees",
                                                        null,
                                                        "employees(id, name)",
                                                        1.0,
                                                        PacketTable.RETRIEVAL)),
                                        List.of(),
                                        List.of(),
                                        List.of(),
                                        List.of()),
                                null,
                                StageTrace.ok(dev.sqlexam.model.Stage.RETRIEVE, 0, "test"));

        List<RetrievalTask> out =
                run(
                        new RecallFromSketch(
                                n -> new SketchRecallStep(Variants.single("default", config))),
                        RetrievalTask.class,
                        -30_000,
                        retrieved);

        assertThat(out)
                .singleElement()
                .satisfies(
                        t -> {
                            assertThat(t.packet().tableNames()).containsExactly("employees");
                            assertThat(last(t.stages()).detail())
                                    .contains("the baseline generator writes no sketch");
                        });
    }

    private static GeneratedTask generated(List<Candidate> candidates) {
        return new GeneratedTask(TASK, "test", candidates, List.of(), null, null, null, null);
    }

    private static EvaluationSpec spec() {
        ReaderAccess reader = ReaderAccess.resolve(TestDatabase.migrated(), "sqlexam", null);
        return new EvaluationSpec(
                reader,
                2,
                CandidateEvaluator.Settings.from(Settings.defaults()),
                RepairLoop.Settings.defaults(),
                null,
                ConnectionPolicy.DEFAULT);
    }

    private static JobResources resources() {
        return JobResources.builder(TestDatabase.migrated(), TestDatabase.state())
                .migrations(JobFiles.local(TestDatabase.migrationsDir()))
                .reader(
                        ReaderAccess.resolve(TestDatabase.migrated(), "sqlexam", null),
                        ConnectionPolicy.DEFAULT)
                .poolSize(2)
                .build();
    }

    private static StageTrace last(List<StageTrace> trace) {
        return trace.get(trace.size() - 1);
    }
}
