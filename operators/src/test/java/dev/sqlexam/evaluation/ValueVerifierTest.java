package dev.sqlexam.evaluation;

import dev.sqlexam.model.ValueCheck;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ValueVerifierTest {

    private static final Map<String, Set<String>> COLUMNS =
            Map.of(
                    "orders", Set.of("order_id", "status", "customer_id"),
                    "customers", Set.of("customer_id", "customer_name", "country"));

    @Test
    void literalsComparedWithAColumnAreLookedUpInThatColumn() {
        List<String> asked = new ArrayList<>();
        List<ValueCheck> checks =
                ValueVerifier.check(
                        "SELECT COUNT(*) FROM orders o JOIN customers c ON c.customer_id = o.customer_id "
                                + "WHERE o.status = 'Shipped' AND country IN ('Italy', 'O''Hara') AND lower(c.customer_name) = 'x' AND o.order_id = 5",
                        COLUMNS,
                        (table, column, literal) -> {
                            asked.add(table + "." + column + "=" + literal);
                            return !literal.equals("'Shipped'");
                        });
        assertThat(asked)
                .containsExactly(
                        "orders.status='Shipped'",
                        "customers.country='Italy'",
                        "customers.country='O''Hara'");
        assertThat(checks)
                .extracting(ValueCheck::value)
                .containsExactly("Shipped", "Italy", "O'Hara");
        assertThat(ValueVerifier.penalty(checks)).isEqualTo(-10);
    }

    @Test
    void thePenaltyStopsAtTwentyAndUncheckedValuesCostNothing() {
        var missing = new ValueCheck("t", "c", "v", false);
        var unknown = new ValueCheck("t", "c", "v", null);
        assertThat(ValueVerifier.penalty(List.of(missing, missing, missing))).isEqualTo(-20);
        assertThat(ValueVerifier.penalty(List.of(unknown))).isZero();
    }

    @Test
    void theProbeQuotesNamesThatNeedIt() {
        assertThat(ValueVerifier.probe("sales.\"Order Lines\"", "Status", "'open'"))
                .isEqualTo(
                        "SELECT 1 FROM sales.\"Order Lines\" WHERE CAST(\"Status\" AS text) = 'open' LIMIT 1");
    }
}
