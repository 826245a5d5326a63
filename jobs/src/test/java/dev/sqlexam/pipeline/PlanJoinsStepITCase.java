package dev.sqlexam.pipeline;

import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.JoinPlan;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.RetrievalTask;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.model.Stage;
import dev.sqlexam.model.StageTrace;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.sqlexam.pipeline.ErpFixture.erp;
import static dev.sqlexam.pipeline.ErpFixture.last;
import static dev.sqlexam.pipeline.ErpFixture.task;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The join planner over the ERP database's foreign keys as the retrieval index holds them
 * (docs/erp-database.md): paths between the question's tables within the routed modules, the tables
 * a path walks through named as bridges.
 */
@ExtendWith(ErpIndex.class)
class PlanJoinsStepITCase {

    private static PipelineConfig config;
    private static PlanJoinsStep planJoins;

    @BeforeAll
    static void open() {
        config = ErpFixture.config(Map.of("JOIN_PLANNER_ENABLED", "true"));
        planJoins =
                new PlanJoinsStep(
                        new RagGraphSource(config.retrieval()),
                        ErpFixture.single(config.planner()));
    }

    @AfterAll
    static void close() {
        planJoins.close();
    }

    /** A retrieved task whose packet holds {@code tables} ("name" or "name:fk_expansion"). */
    private static RetrievalTask retrieved(List<String> modules, String... tables) {
        List<PacketTable> packet = new ArrayList<>();
        for (String t : tables) {
            String[] nameAndSource = t.split(":");
            String source = nameAndSource.length > 1 ? nameAndSource[1] : PacketTable.RETRIEVAL;
            packet.add(new PacketTable(nameAndSource[0], null, nameAndSource[0], 1.0, source));
        }
        return RetrievalTask.of(task(erp("q", "Which tables join?", null, List.of())))
                .withRetrieval(
                        new SchemaContextPacket(
                                "erp", "rag_v1", packet, List.of(), modules, List.of(), List.of()),
                        null,
                        StageTrace.ok(Stage.RETRIEVE, 0, "test"));
    }

    @Test
    void twoTablesLinkedByAForeignKeyAreJoinedOnIt() {
        RetrievalTask t =
                planJoins.apply(retrieved(List.of("Sales", "HR"), "sales_orders", "employees"));

        JoinPlan plan = t.plan();
        assertThat(plan.requiredTables()).containsExactly("sales_orders", "employees");
        assertThat(plan.paths())
                .singleElement()
                .satisfies(
                        p -> {
                            assertThat(p.tables()).containsExactly("sales_orders", "employees");
                            assertThat(p.keys())
                                    .containsExactly(
                                            new ForeignKey(
                                                    "sales_orders",
                                                    List.of("sales_rep_id"),
                                                    "employees",
                                                    List.of("employee_id")));
                        });
        assertThat(plan.bridgeTables()).isEmpty();
        assertThat(plan.skeleton())
                .contains("JOIN employees ON sales_orders.sales_rep_id = employees.employee_id");
        assertThat(plan.crossModule()).as("Sales and HR").isTrue();
        assertThat(last(t.stages()).detail()).isEqualTo("subgraph built, 1 path(s)");
    }

    @Test
    void theGeographicChainIsWalkedThroughItsBridgeTables() {
        // customers → addresses → cities → states_provinces; addresses came by FK expansion, so it
        // is not one of the tables the question is about
        RetrievalTask t =
                planJoins.apply(
                        retrieved(
                                List.of("Sales"),
                                "customers",
                                "addresses:" + PacketTable.FK_EXPANSION,
                                "states_provinces"));

        JoinPlan plan = t.plan();
        assertThat(plan.requiredTables()).containsExactly("customers", "states_provinces");
        assertThat(plan.paths())
                .singleElement()
                .satisfies(
                        p -> {
                            assertThat(p.tables())
                                    .containsExactly(
                                            "customers", "addresses", "cities", "states_provinces");
                            assertThat(p.keys().get(0).fromColumns())
                                    .containsAnyOf("billing_address_id", "shipping_address_id");
                            assertThat(p.keys().get(2))
                                    .isEqualTo(
                                            new ForeignKey(
                                                    "cities",
                                                    List.of("state_id"),
                                                    "states_provinces",
                                                    List.of("state_id")));
                        });
        assertThat(plan.bridgeTables()).containsExactlyInAnyOrder("addresses", "cities");
        assertThat(plan.crossModule()).isFalse();
    }

    @Test
    void aTableOutsideTheRoutedModulesIsNotPlannedThrough() {
        // employees is HR's: with only Sales routed, the subgraph has no employees
        RetrievalTask t = planJoins.apply(retrieved(List.of("Sales"), "sales_orders", "employees"));

        assertThat(t.plan().paths()).isEmpty();
        assertThat(t.plan().requiredTables()).containsExactly("sales_orders");
        assertThat(last(t.stages()).detail()).contains("0 path(s)");
    }

    @Test
    void oneTableNeedsNoJoin() {
        RetrievalTask t = planJoins.apply(retrieved(List.of("HR"), "departments"));

        assertThat(t.plan().paths()).isEmpty();
        assertThat(t.plan().skeleton()).isEmpty();
        assertThat(last(t.stages()).detail()).isEqualTo("no join needed");
    }

    @Test
    void aVariantWithThePlannerOffPassesItsTaskUnchanged() {
        PipelineConfig off = ErpFixture.config(Map.of("JOIN_PLANNER_ENABLED", "false"));
        RetrievalTask in = retrieved(List.of("Sales", "HR"), "sales_orders", "employees");
        try (PlanJoinsStep step =
                new PlanJoinsStep(
                        new RagGraphSource(off.retrieval()), ErpFixture.single(off.planner()))) {
            RetrievalTask out = step.apply(in);

            assertThat(out).isSameAs(in);
            assertThat(out.plan()).isNull();
        }
    }
}
