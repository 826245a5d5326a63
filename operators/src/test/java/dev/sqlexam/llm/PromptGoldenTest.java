package dev.sqlexam.llm;

import dev.sqlexam.model.ExamQuestion;
import dev.sqlexam.model.ForeignKey;
import dev.sqlexam.model.JoinPlan;
import dev.sqlexam.model.PacketTable;
import dev.sqlexam.model.SchemaContextPacket;
import dev.sqlexam.prompt.FkGraph;
import dev.sqlexam.prompt.JoinPlanner;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The prompt text is part of an experiment's definition: a change to it must be deliberate. */
class PromptGoldenTest {

    private static final List<ForeignKey> KEYS =
            List.of(
                    new ForeignKey(
                            "sales_orders",
                            List.of("customer_id"),
                            "customers",
                            List.of("customer_id")),
                    new ForeignKey(
                            "customers",
                            List.of("billing_address_id"),
                            "addresses",
                            List.of("address_id")),
                    new ForeignKey("addresses", List.of("city_id"), "cities", List.of("city_id")),
                    new ForeignKey(
                            "cities",
                            List.of("state_id"),
                            "states_provinces",
                            List.of("state_id")));

    private static String golden(String name) throws Exception {
        try (var in = PromptGoldenTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }

    @Test
    void regionalSalesPromptWithEdgesAndPaths() throws Exception {
        ExamQuestion q =
                new ExamQuestion(
                        "erp-sal-018",
                        "erp",
                        "What were our 2024 sales by region, based on where customers are located?",
                        "SELECT 1",
                        List.of(),
                        List.of(),
                        null,
                        null,
                        null,
                        "Exclude cancelled orders.",
                        null,
                        1,
                        null);
        List<String> tables =
                List.of("sales_orders", "customers", "addresses", "cities", "states_provinces");
        List<PacketTable> packetTables =
                tables.stream()
                        .map(
                                t ->
                                        new PacketTable(
                                                t,
                                                "Sales",
                                                t + " (" + t + "_id bigint PK)",
                                                1.0,
                                                PacketTable.RETRIEVAL))
                        .toList();
        SchemaContextPacket packet =
                new SchemaContextPacket(
                        "erp",
                        "rag_v1",
                        packetTables,
                        KEYS,
                        List.of("Sales"),
                        List.of(),
                        List.of());
        JoinPlan plan =
                new JoinPlanner(JoinPlanner.Options.defaults())
                        .plan(
                                new FkGraph(
                                        Map.of(
                                                "sales_orders",
                                                "Sales",
                                                "customers",
                                                "Sales",
                                                "addresses",
                                                "Sales",
                                                "cities",
                                                "Sales",
                                                "states_provinces",
                                                "Sales"),
                                        KEYS),
                                List.of("sales_orders", "states_provinces"));
        PromptTemplates.Prompt prompt =
                PromptTemplates.build(q, packet, plan, dev.sqlexam.config.Choices.JoinHints.BOTH);
        assertThat(prompt.system()).isEqualTo(golden("system.txt"));
        assertThat(prompt.user()).isEqualTo(golden("erp-sal-018.both.txt"));
        assertThat(
                        PromptTemplates.build(
                                        q, packet, plan, dev.sqlexam.config.Choices.JoinHints.NONE)
                                .user())
                .doesNotContain("## Join")
                .doesNotContain("## Suggested");
        assertThat(
                        PromptTemplates.build(
                                        q, packet, plan, dev.sqlexam.config.Choices.JoinHints.EDGES)
                                .user())
                .contains("## Join Hints")
                .doesNotContain("## Suggested");
        assertThat(prompt.hash())
                .isEqualTo(
                        PromptTemplates.build(
                                        q, packet, plan, dev.sqlexam.config.Choices.JoinHints.BOTH)
                                .hash());
    }
}
