package dev.sqlexam.jobs.graph;

import dev.sqlexam.config.Settings;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.database.TestDatabase;
import dev.sqlexam.examset.ExamLineParser;
import dev.sqlexam.flink.SerializedRecord;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamRecord;
import dev.sqlexam.pipeline.Answers;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.PredictionsStep;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;
import dev.sqlexam.predictions.Prediction;
import dev.sqlexam.report.SummaryAccumulator;

import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The exam job's graph between questions in memory and collecting sinks, as LongRidesSolution is
 * tested: no file, no results table, the same operators a run wires.
 */
class ExamJobGraphITCase {

    @RegisterExtension
    static final MiniClusterExtension FLINK =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @Test
    void linesInMemoryAreGradedIntoACollectingSinkAndBadLinesIntoAnother() throws Exception {
        JdbcUrlTemplate admin = new JdbcUrlTemplate(TestDatabase.url());
        ReaderAccess reader = ReaderAccess.resolve(admin, "sqlexam", null);
        JobResources resources =
                JobResources.builder(admin, dev.sqlexam.database.TestDatabase.state())
                        .migrations(
                                dev.sqlexam.config.JobFiles.local(
                                        java.nio.file.Path.of("../migrations")))
                        .reader(reader, ConnectionPolicy.DEFAULT)
                        .poolSize(2)
                        .limits(5_000, 1_000)
                        .build();
        PipelineConfig config =
                PipelineConfig.from(
                        "mine", null, Settings.defaults(), Generators.gold(), resources, false, 0);
        Map<String, Prediction> mine =
                Map.of(
                        "q1",
                                new Prediction(
                                        "q1",
                                        "SELECT count(*) FROM employees",
                                        "mine",
                                        null,
                                        null,
                                        null,
                                        null,
                                        1),
                        "q2",
                                new Prediction(
                                        "q2",
                                        "SELECT count(*) FROM departments",
                                        "mine",
                                        null,
                                        null,
                                        null,
                                        null,
                                        2));
        ExamLineParser parser = new ExamLineParser("memory", null);
        List<ExamQuestion> questions =
                List.of(
                        parser.parse(
                                        1,
                                        "{\"id\":\"q1\",\"db\":\"demo\",\"question\":\"How many employees?\",\"gold_sql\":\"SELECT COUNT(*) FROM employees\"}")
                                .question(),
                        parser.parse(
                                        2,
                                        "{\"id\":\"q2\",\"db\":\"demo\",\"question\":\"How many employees?\",\"gold_sql\":\"SELECT COUNT(*) FROM employees\"}")
                                .question());
        ExamJob.Spec spec =
                new ExamJob.Spec(
                        "it-graph",
                        questions,
                        SharingPlan.unshared(List.of("mine"), 1),
                        Variants.single("mine", config),
                        4,
                        60_000,
                        new Answers.Submitted(
                                "predictions",
                                "a predictions file in memory",
                                new PredictionsStep(Map.of("mine", mine), Map.of("mine", "memory")),
                                List.of(),
                                List.of()));
        CollectingSink<SerializedRecord> log = new CollectingSink<>();

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        ExamJob.Running running = new ExamJob(new ExamIo.Sinks(log, null), spec).start(env);
        SummaryAccumulator summary = running.summary().next();
        running.client().getJobExecutionResult().get();
        running.summary().close();

        Map<String, String> reasons =
                log.collected().stream()
                        .map(SerializedRecord::record)
                        .collect(Collectors.toMap(ExamRecord::questionId, ExamRecord::reason));
        assertThat(reasons)
                .containsExactlyInAnyOrderEntriesOf(Map.of("q1", "match", "q2", "value_mismatch"));
        assertThat(summary.records()).isEqualTo(2);
    }
}
