package dev.sqlexam.flink;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ExamTask;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.model.StageTrace;
import dev.sqlexam.pipeline.GraphSource;
import dev.sqlexam.pipeline.PlanJoinsStep;
import dev.sqlexam.pipeline.PlannerSpec;
import dev.sqlexam.pipeline.Variants;
import dev.sqlexam.prompt.FkGraph;
import dev.sqlexam.prompt.JoinPlanner;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The join planner's keyed state: one FK subgraph per (database, modules), reused until its TTL.
 */
class PlanJoinsTest {

    static final AtomicInteger BUILDS = new AtomicInteger();

    /** Counts builds; the graph is the orders → customers → addresses chain. */
    static final class CountingSource implements GraphSource {
        @Override
        public void open() {}

        @Override
        public FkGraph graph(String database, List<String> modules) {
            BUILDS.incrementAndGet();
            return new FkGraph(
                    Map.of("orders", "Sales", "customers", "Sales", "addresses", "Sales"),
                    List.of(
                            new ForeignKey(
                                    "orders",
                                    List.of("customer_id"),
                                    "customers",
                                    List.of("customer_id")),
                            new ForeignKey(
                                    "customers",
                                    List.of("address_id"),
                                    "addresses",
                                    List.of("address_id"))));
        }
    }

    @Test
    void aVariantWithThePlannerOffPassesUnplannedThroughTheSameOperator() throws Exception {
        Map<String, PlannerSpec> specs = new java.util.LinkedHashMap<>();
        specs.put("v", new PlannerSpec(true, JoinPlanner.Options.defaults(), true, 600_000));
        specs.put("off", new PlannerSpec(false, JoinPlanner.Options.defaults(), true, 600_000));
        var h =
                new KeyedOneInputStreamOperatorTestHarness<>(
                        new KeyedProcessOperator<>(
                                new PlanJoins(
                                        n ->
                                                new PlanJoinsStep(
                                                        new CountingSource(), Variants.of(specs)))),
                        RetrievalTask::planKey,
                        Types.STRING);
        h.open();
        RetrievalTask on = task("q1", "erp", List.of("Sales"));
        RetrievalTask off = on.withTask(on.task().as("off", 1, List.of("off")));
        h.processElement(on, 0);
        h.processElement(off, 0);
        List<RetrievalTask> out = h.extractOutputValues();
        assertThat(out.get(0).plan()).isNotNull();
        assertThat(out.get(1).plan()).as("the planner is off for this variant").isNull();
        assertThat(out.get(1).stages()).noneMatch(s -> s.stage().equals("plan_joins"));
        h.close();
    }

    private static RetrievalTask task(String id, String db, List<String> modules) {
        ExamQuestion q =
                new ExamQuestion(
                        id,
                        db,
                        "Orders by address?",
                        "SELECT 1",
                        List.of(),
                        List.of(),
                        null,
                        null,
                        null,
                        null,
                        null,
                        1,
                        null);
        SchemaContextPacket packet =
                new SchemaContextPacket(
                        db,
                        "rag_v1",
                        List.of(
                                new PacketTable(
                                        "orders",
                                        "Sales",
                                        "orders (...)",
                                        0.9,
                                        PacketTable.RETRIEVAL),
                                new PacketTable(
                                        "addresses",
                                        "Sales",
                                        "addresses (...)",
                                        0.8,
                                        PacketTable.RETRIEVAL)),
                        List.of(),
                        modules,
                        List.of(),
                        List.of());
        return new RetrievalTask(
                new ExamTask("r", "v", 1, q), null, null, packet, null, null, List.of());
    }

    private static KeyedOneInputStreamOperatorTestHarness<String, RetrievalTask, RetrievalTask>
            harness(boolean cache) throws Exception {
        var h =
                new KeyedOneInputStreamOperatorTestHarness<>(
                        new KeyedProcessOperator<>(
                                new PlanJoins(
                                        n ->
                                                new PlanJoinsStep(
                                                        new CountingSource(),
                                                        Variants.single(
                                                                "v",
                                                                new PlannerSpec(
                                                                        true,
                                                                        JoinPlanner.Options
                                                                                .defaults(),
                                                                        cache,
                                                                        Duration.ofMinutes(10)
                                                                                .toMillis()))))),
                        RetrievalTask::planKey,
                        Types.STRING);
        h.open();
        return h;
    }

    private static String planStage(RetrievalTask t) {
        return t.stages().stream()
                .filter(s -> s.stage().equals("plan_joins"))
                .map(StageTrace::detail)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void theSubgraphIsBuiltOncePerKeyAndReused() throws Exception {
        BUILDS.set(0);
        try (var h = harness(true)) {
            h.processElement(task("a", "erp", List.of("Sales")), 1);
            h.processElement(task("b", "erp", List.of("Sales")), 2);
            h.processElement(task("c", "erp", List.of("Sales", "HR")), 3);
            List<RetrievalTask> out = h.extractOutputValues();
            assertThat(BUILDS.get()).isEqualTo(2);
            assertThat(planStage(out.get(0))).startsWith("subgraph built");
            assertThat(planStage(out.get(1))).startsWith("subgraph cached");
            assertThat(out.get(1).plan().skeleton())
                    .contains("JOIN customers ON orders.customer_id = customers.customer_id");
            assertThat(out.get(1).plan().bridgeTables()).containsExactly("customers");
        }
    }

    @Test
    void theCachedSubgraphExpiresWithItsTtl() throws Exception {
        BUILDS.set(0);
        try (var h = harness(true)) {
            h.setStateTtlProcessingTime(0);
            h.processElement(task("a", "erp", List.of("Sales")), 1);
            h.setStateTtlProcessingTime(Duration.ofMinutes(11).toMillis());
            h.processElement(task("b", "erp", List.of("Sales")), 2);
            assertThat(BUILDS.get()).isEqualTo(2);
        }
    }

    @Test
    void withTheCacheOffEveryQuestionBuildsItsSubgraph() throws Exception {
        BUILDS.set(0);
        try (var h = harness(false)) {
            h.processElement(task("a", "erp", List.of("Sales")), 1);
            h.processElement(task("b", "erp", List.of("Sales")), 2);
            assertThat(BUILDS.get()).isEqualTo(2);
        }
    }
}
