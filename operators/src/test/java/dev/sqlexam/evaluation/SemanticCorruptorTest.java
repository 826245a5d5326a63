package dev.sqlexam.evaluation;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class SemanticCorruptorTest {

    private static final Map<String, Set<String>> COLUMNS =
            Map.of(
                    "sales_orders",
                            Set.of(
                                    "sales_order_id",
                                    "customer_id",
                                    "salesperson_id",
                                    "order_date",
                                    "total_amount"),
                    "customers", Set.of("customer_id", "customer_name"));

    @Test
    void eachCorruptionStillReadsLikeSqlButMeansSomethingElse() {
        String gold =
                "SELECT c.customer_name, SUM(so.total_amount) AS total FROM sales_orders so JOIN customers c ON c.customer_id = so.customer_id "
                        + "WHERE so.order_date >= DATE '2024-01-01' AND so.order_date < DATE '2025-01-01' GROUP BY c.customer_name ORDER BY total DESC LIMIT 10";
        Map<String, String> v =
                SemanticCorruptor.corrupt(gold, COLUMNS).stream()
                        .collect(
                                Collectors.toMap(
                                        SemanticCorruptor.Variant::type,
                                        SemanticCorruptor.Variant::sql));
        assertThat(v.get("other_aggregate")).contains("AVG(so.total_amount)");
        assertThat(v.get("limit_plus_one")).endsWith("LIMIT 11");
        assertThat(v.get("moved_boundary")).contains("so.order_date > DATE '2024-01-01'");
        assertThat(v.get("dropped_filter")).contains("'2024-01-01'").doesNotContain("'2025-01-01'");
        assertThat(v.get("flipped_order")).contains("ORDER BY total ASC");
        assertThat(v.get("wrong_join_column"))
                .as("the first other *_id column by name")
                .contains("c.customer_id = so.sales_order_id");
        assertThat(v.values()).allSatisfy(sql -> assertThat(sql).isNotEqualTo(gold));
    }

    @Test
    void aQueryWithoutTheConstructsGetsNoVariant() {
        assertThat(SemanticCorruptor.corrupt("SELECT customer_name FROM customers", COLUMNS))
                .isEmpty();
        assertThat(
                        SemanticCorruptor.corrupt(
                                "SELECT 'SUM(x) LIMIT 3' AS note FROM customers", COLUMNS))
                .isEmpty();
    }
}
