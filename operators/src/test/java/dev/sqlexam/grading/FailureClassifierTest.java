package dev.sqlexam.grading;

import dev.sqlexam.model.EvaluationTrace;
import dev.sqlexam.model.RepairOutcome;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FailureClassifierTest {

    private static final String GOLD =
            "SELECT c.name, SUM(o.total) FROM orders o JOIN customers c ON c.customer_id = o.customer_id GROUP BY c.name";
    private static final List<String> PACKET = List.of("orders", "customers");
    private static final List<String> GOLD_TABLES = List.of("orders", "customers");

    private static String type(
            String reason, String errorClass, List<String> packet, EvaluationTrace e, String pred) {
        FailureClassifier.Failure f =
                FailureClassifier.classify(
                        false, reason, errorClass, packet, GOLD_TABLES, e, pred, GOLD);
        return f == null ? null : f.type();
    }

    @Test
    void eachCategoryHasItsRule() {
        assertThat(
                        FailureClassifier.classify(
                                true, "match", null, PACKET, GOLD_TABLES, null, GOLD, GOLD))
                .isNull();
        assertThat(type("infra_failure", null, PACKET, null, null)).isEqualTo("infra_failure");
        assertThat(type("timeout", "query_timeout", PACKET, null, GOLD)).isEqualTo("query_timeout");
        assertThat(type("value_mismatch", null, List.of("orders"), null, GOLD))
                .isEqualTo("retrieval_miss");
        EvaluationTrace exhausted =
                new EvaluationTrace(
                        List.of(), 0, "x", 1, new RepairOutcome("x", false, List.of(), 0.7));
        assertThat(type("pred_error", "sql_error", PACKET, exhausted, "SELECT x"))
                .isEqualTo("validation_exhausted");
        assertThat(type("pred_error", "sql_error", PACKET, null, "SELECT 1/0"))
                .isEqualTo("execution_error");
        assertThat(
                        type(
                                "value_mismatch",
                                null,
                                PACKET,
                                null,
                                "SELECT c.name, SUM(o.total) FROM orders o JOIN customers c ON c.region_id = o.customer_id GROUP BY c.name"))
                .isEqualTo("join_path_miss");
        assertThat(
                        type(
                                "value_mismatch",
                                null,
                                PACKET,
                                null,
                                "SELECT c.name, AVG(o.total) FROM orders o JOIN customers c ON o.customer_id = c.customer_id GROUP BY c.name"))
                .as("same join written the other way round")
                .isEqualTo("llm_reasoning");
        assertThat(
                        FailureClassifier.classify(
                                false, "gold_error", null, PACKET, GOLD_TABLES, null, GOLD, GOLD))
                .isNull();
    }

    @Test
    void goldTablesRetrievedIsUnknownWithoutGoldTables() {
        assertThat(FailureClassifier.goldTablesRetrieved(PACKET, List.of())).isNull();
        assertThat(
                        FailureClassifier.goldTablesRetrieved(
                                List.of("Orders", "CUSTOMERS"), GOLD_TABLES))
                .isTrue();
        assertThat(FailureClassifier.goldTablesRetrieved(List.of("orders"), GOLD_TABLES)).isFalse();
    }
}
