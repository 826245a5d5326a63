package dev.sqlexam.jobs.graph;

import dev.sqlexam.config.JobFiles;
import dev.sqlexam.config.Settings;
import dev.sqlexam.database.ConnectionPolicy;
import dev.sqlexam.database.JdbcUrlTemplate;
import dev.sqlexam.database.ReaderAccess;
import dev.sqlexam.llm.Generators;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.pipeline.JobResources;
import dev.sqlexam.pipeline.PipelineConfig;
import dev.sqlexam.pipeline.SharingPlan;
import dev.sqlexam.pipeline.Variants;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Flink graph wires {@link PipelineStep}'s list in its order, with the steps the variants run
 * and no other.
 */
class PipelineGraphTest {

    private static final JdbcUrlTemplate SERVER =
            new JdbcUrlTemplate("jdbc:postgresql://127.0.0.1:1/{db}?user=nobody");
    private static final JobResources RESOURCES =
            JobResources.builder(SERVER, new dev.sqlexam.database.StateDatabase(SERVER, "sqlexam"))
                    .migrations(JobFiles.local(Path.of("../migrations")))
                    .reader(
                            new ReaderAccess(ReaderAccess.Mode.CONNECTING_USER, SERVER, null, null),
                            ConnectionPolicy.DEFAULT)
                    .poolSize(2)
                    .build();

    @Test
    void everyStepInOrderWhenAVariantHasPreSqlAndThePlannerOn() {
        Variants<PipelineConfig> configs =
                Variants.of(
                        Map.of(
                                "on",
                                config(
                                        "on",
                                        Map.of(
                                                "PRE_SQL_ENABLED",
                                                "true",
                                                "JOIN_PLANNER_ENABLED",
                                                "true"))));

        assertThat(wiredUids(configs))
                .containsExactly(
                        "embed-question",
                        "route-modules",
                        "retrieve-schema",
                        "split-by-generation",
                        "pre-sql-recall",
                        "plan-joins",
                        "generate-candidates",
                        "split-by-variant",
                        "evaluate-candidates");
    }

    @Test
    void optionalStepsAreLeftOutWhenNoVariantRunsThem() {
        Variants<PipelineConfig> configs = Variants.of(Map.of("off", config("off", Map.of())));

        assertThat(wiredUids(configs))
                .containsExactly(
                        "embed-question",
                        "route-modules",
                        "retrieve-schema",
                        "split-by-generation",
                        "generate-candidates",
                        "split-by-variant",
                        "evaluate-candidates");
    }

    @Test
    void aGradeHoldsAsManyQuestionsAsTheCapacitySaysWhateverItsFilesAndRuns() {
        Variants<PipelineConfig> configs = Variants.of(Map.of("a", config("a", Map.of())));
        assertThat(
                        new PipelineGraph(
                                        configs,
                                        SharingPlan.unshared(List.of("a"), 1),
                                        1_000,
                                        8,
                                        "")
                                .gradingCapacity())
                .isEqualTo(8);
        assertThat(
                        new PipelineGraph(
                                        configs,
                                        SharingPlan.unshared(List.of("a", "b", "c"), 2),
                                        1_000,
                                        8,
                                        "")
                                .gradingCapacity())
                .as("3 predictions files × 2 runs of each question")
                .isEqualTo(48);
    }

    private static PipelineConfig config(String name, Map<String, String> overrides) {
        return PipelineConfig.from(
                name,
                null,
                Settings.resolve(Map.of(), Map.of(), overrides),
                Generators.gold(),
                RESOURCES,
                false,
                0);
    }

    /** The uids from the source to the evaluated candidates, in the order the graph chains them. */
    private static List<String> wiredUids(Variants<PipelineConfig> configs) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        var tasks = env.fromData(List.<ExamTask>of(), TypeInformation.of(ExamTask.class));
        var graph =
                new PipelineGraph(configs, SharingPlan.unshared(configs.names(), 1), 1_000, 1, "");
        List<String> uids = new ArrayList<>();
        for (Transformation<?> t = graph.untilGraded(tasks).getTransformation();
                !t.getInputs().isEmpty();
                t = t.getInputs().get(0)) {
            if (t.getUid() != null) uids.add(0, t.getUid());
        }
        return uids;
    }
}
