package dev.sqlexam.schema;

import dev.sqlexam.retrieval.IndexEntity;
import dev.sqlexam.retrieval.IndexPlan;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class EmbedTextsTest {

    private static final TableInfo LEAVE =
            new TableInfo(
                    "public",
                    "leave_requests",
                    "Leave requested by employees",
                    10,
                    "HR",
                    List.of(
                            new ColumnInfo("leave_id", "bigint", false, null, true, null, null),
                            new ColumnInfo(
                                    "employee_id",
                                    "bigint",
                                    false,
                                    "Who asks",
                                    false,
                                    "employees",
                                    "employee_id"),
                            new ColumnInfo("start_date", "date", false, null, false, null, null),
                            new ColumnInfo("status", "text", false, null, false, null, null)));

    @Test
    void stableTextsFollowSeed000() {
        assertThat(EmbedTexts.stableTableText(LEAVE))
                .isEqualTo(
                        """
                leave_requests: Leave requested by employees
                Module: HR
                Key columns: leave_id PK, employee_id FK, start_date, status""");
        assertThat(EmbedTexts.stableColumnText(LEAVE, LEAVE.columns().get(1)))
                .isEqualTo(
                        """
                leave_requests.employee_id
                Type: bigint
                Table: leave_requests (Leave requested by employees)
                Description: Who asks""");
    }

    @Test
    void mSchemaCompactFollowsSeed000() {
        assertThat(EmbedTexts.mSchemaCompact(LEAVE))
                .isEqualTo(
                        "leave_requests (leave_id bigint PK, employee_id bigint FK→employees, start_date date, status text)");
    }

    @Test
    void quotedMixedCaseAndOtherSchemas() {
        TableInfo t =
                new TableInfo(
                        "Sales",
                        "OrderLines",
                        null,
                        0,
                        "Sales",
                        List.of(new ColumnInfo("Qty", "integer", true, null, false, null, null)));
        assertThat(t.qualifiedName()).isEqualTo("\"Sales\".\"OrderLines\"");
        assertThat(EmbedTexts.mSchemaCompact(t))
                .isEqualTo("\"Sales\".\"OrderLines\" (\"Qty\" integer)");
        assertThat(EmbedTexts.stableTableText(t))
                .startsWith("\"Sales\".\"OrderLines\": order lines");
    }

    @Test
    void genericColumnsAreRecognised() {
        assertThat(EmbedTexts.isGeneric(LEAVE, LEAVE.columns().get(0))).isTrue();
        assertThat(EmbedTexts.isGeneric(LEAVE, LEAVE.columns().get(3))).isTrue();
        assertThat(EmbedTexts.isGeneric(LEAVE, LEAVE.columns().get(2))).isFalse();
    }

    @Test
    void onlyChangedStableTextIsReEmbedded() {
        DatabaseSchema schema = new DatabaseSchema("db", List.of(LEAVE), List.of());
        List<IndexEntity> entities = IndexPlan.entities(schema, "m");
        Map<String, String> stored = new java.util.HashMap<>();
        entities.forEach(e -> stored.put(e.key(), e.textHash()));
        stored.put("column|public|leave_requests|gone", "x");
        IndexPlan plan = IndexPlan.of(entities, stored);
        assertThat(plan.toEmbed()).isEmpty();
        assertThat(plan.unchanged()).hasSize(5);
        assertThat(plan.staleKeys()).containsExactly("column|public|leave_requests|gone");
        assertThat(IndexEntity.hash("same text", "model-a"))
                .isNotEqualTo(IndexEntity.hash("same text", "model-b"));
        TableInfo recommented =
                new TableInfo(
                        "public", "leave_requests", "Time off requests", 10, "HR", LEAVE.columns());
        IndexPlan changed =
                IndexPlan.of(
                        IndexPlan.entities(
                                new DatabaseSchema("db", List.of(recommented), List.of()), "m"),
                        stored);
        assertThat(changed.toEmbed())
                .extracting(IndexEntity::entityType)
                .containsOnly("table", "column");
        assertThat(changed.toEmbed()).hasSize(5);
    }

    @Test
    void abbreviationsExpandAndTheGlossaryIsLarge() {
        assertThat(Abbreviations.expandedWords("total_qty_amt"))
                .containsExactly("total", "quantity", "amount");
        assertThat(Abbreviations.expandedWords("poLineNo"))
                .containsExactly("purchase order", "line", "number");
        assertThat(Abbreviations.all()).hasSizeGreaterThanOrEqualTo(70);
    }
}
